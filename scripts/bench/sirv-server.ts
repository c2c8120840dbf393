// The physical limit the site bench compares with: a plain static file server (sirv) serving one folder,
// as its own process, on the port given, printing "listening" when ready.
import { createServer } from 'node:http'
import sirv from 'sirv'

const [folder, port] = process.argv.slice(2)
const files = sirv(folder, { etag: true, extensions: ['html'] })
createServer((req, res) => files(req, res)).listen(Number(port), '127.0.0.1', () => console.log('listening'))
