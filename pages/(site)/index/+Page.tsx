import { LandingPage } from '../../../src/sections/LandingPage'

export default function Page() {
  return <LandingPage path="/" />
}
