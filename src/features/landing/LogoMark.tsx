/** The shop's mark (anvil + spark), same drawing as public/favicon.svg. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1e3a8a" />
      <path d="M12 36h34c0 5-4 8-9 8h-2l3 8H26l3-8h-5c-6 0-12-3-12-8z" fill="#e2e8f0" />
      <path d="M46 36h6l-6 5z" fill="#e2e8f0" />
      <path d="M34 8l3 9 8-5-5 8 9 3-9 2 4 7-8-4-2 8-2-8-7 4 4-7-8-2 8-3-4-8 7 5z" fill="#f59e0b" />
      <circle cx="34" cy="21" r="3" fill="#fff7d6" />
    </svg>
  );
}
