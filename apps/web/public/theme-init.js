// Applies the stored theme (localStorage "vite-ui-theme") before first paint so dark mode never flashes light.
(() => {
  try {
    const theme = localStorage.getItem('vite-ui-theme') || 'system';
    const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.add(dark ? 'dark' : 'light');
  } catch {
    // Storage can be blocked; the React theme provider applies the default later.
  }
})();
