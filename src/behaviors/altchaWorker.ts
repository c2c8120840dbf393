/// <reference lib="webworker" />
// Solves the form's proof-of-work challenge off the main thread (altcha-lib's solver): the page stays
// responsive while the visitor types. Answers with the payload the server verifies, or null.
import { solveChallenge } from 'altcha-lib/v1'

interface ChallengeMessage {
  algorithm: string
  challenge: string
  salt: string
  signature: string
  maxnumber?: number
}

self.onmessage = async (event: MessageEvent<ChallengeMessage>) => {
  const c = event.data
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise.catch(() => null)
  const payload =
    solution &&
    btoa(
      JSON.stringify({
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: solution.number,
        salt: c.salt,
        signature: c.signature,
        took: solution.took,
      }),
    )
  self.postMessage(payload)
}
