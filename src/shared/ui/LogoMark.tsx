/** The brand's mark: a green rounded square with a chat bubble. Decorative; the link carries the name. */
export function LogoMark() {
  return (
    <span className="logo-mark" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 28 28" focusable="false">
        <rect width="28" height="28" rx="8" fill="#25D366" />
        <path d="M8 19.5 9.2 16A6.5 6.5 0 1 1 12 18.8z" fill="#fff" />
      </svg>
    </span>
  );
}
