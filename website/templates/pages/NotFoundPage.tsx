/** The page for an address the site does not have (404.html). */
export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <a href="/">Go to the home page</a>.
      </p>
    </>
  );
}
