/** Whether the server answers: /readyz polled every 30 s, and at once when the browser goes on- or offline. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

const READY_POLL_MS = 30_000;

async function isReady(): Promise<boolean> {
  try {
    const response = await fetch('/readyz', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

export function useServerOnline(): 'online' | 'offline' | 'checking' {
  const query = useQuery({ queryKey: ['admin', 'readyz'], queryFn: isReady, refetchInterval: READY_POLL_MS, staleTime: 0, retry: false });
  const { refetch } = query;
  useEffect(() => {
    const check = () => void refetch();
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, [refetch]);
  if (query.data === undefined) return 'checking';
  return query.data ? 'online' : 'offline';
}
