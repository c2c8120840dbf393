// Tags every page shares; page-specific tags come from pages/(site)/+Head.tsx.
export default function Head() {
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#0b1020" />
      <meta name="format-detection" content="telephone=no" />
    </>
  )
}
