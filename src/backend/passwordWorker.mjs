// One bcrypt operation in a worker thread of the pool in passwordHashing.ts. Plain JavaScript, so the
// worker loads without a TypeScript loader (under `npm start`, the tests and the bench alike).
import bcrypt from 'bcrypt'

export default function run({ op, password, hash, cost }) {
  return op === 'hash' ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash)
}
