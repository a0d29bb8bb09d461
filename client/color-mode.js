/* global document, matchMedia */
// Sets the light/dark class before the first paint, as next-themes would with its own inline script (which
// the content security policy refuses). The build writes this file into each page's head (client/vite.config.ts);
// the policy allows it by its hash. Same storage key and values as client/src/components/ui/color-mode.tsx.
(function () {
  var root = document.documentElement;
  var theme = 'light';
  try {
    var stored = localStorage.getItem('theme') || 'system';
    theme = stored === 'system' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : stored;
  } catch {
    // Storage blocked: keep the light theme.
  }
  if (theme !== 'light' && theme !== 'dark') theme = 'light';
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
