/** The first thing a keyboard reaches: a jump past the header to the page's main content (styles: base.css). */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      Přeskočit na obsah
    </a>
  );
}
