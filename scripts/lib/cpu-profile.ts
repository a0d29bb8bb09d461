/** Summarises a V8 .cpuprofile (node --cpu-prof): where the samples landed, by self time. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface Frame {
  name: string;
  location: string;
  selfPercent: number;
}

/** The heaviest frames by self time, with idle and GC kept visible as such. */
export function topFrames(file: string, limit = 15): { frames: Frame[]; totalSamples: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const bySelf = new Map<string, { name: string; location: string; hits: number }>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const location = url ? `${shorten(url)}:${lineNumber + 1}` : '';
    const key = `${name}@${location}`;
    const entry = bySelf.get(key) ?? { name, location, hits: 0 };
    entry.hits += hits;
    bySelf.set(key, entry);
  }
  const frames = [...bySelf.values()]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, limit)
    .map((entry) => ({ name: entry.name, location: entry.location, selfPercent: (entry.hits / Math.max(1, total)) * 100 }));
  return { frames, totalSamples: total };
}

function shorten(url: string): string {
  const clean = url.replace(/^file:\/\//, '');
  const modules = clean.lastIndexOf('node_modules/');
  if (modules >= 0) return clean.slice(modules + 'node_modules/'.length);
  const server = clean.indexOf('/server/src/');
  if (server >= 0) return clean.slice(server + 1);
  return clean.startsWith('node:') ? clean : path.basename(clean);
}
