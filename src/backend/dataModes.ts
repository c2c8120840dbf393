// The data folder holds password hashes, sessions and the signing key: only the account running the server
// may read it, as Postgres itself insists for its data directory. The folder and its subfolders are 0700 and
// its files 0600; modes left by earlier versions (0666 files, 0755 folders) are repaired at every start.
// WebAssembly Postgres chmods the files it creates to 0666 whatever the umask, so the modes are repaired
// again once the database is open and when it closes; in between, new files sit inside 0700 folders, which
// other users cannot enter.
import { chmod, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

const FOLDER_MODE = 0o700
const FILE_MODE = 0o600

/** Creates `dataDir` if needed and makes it and everything in it private to this user. */
export async function securePrivateFolder(dataDir: string): Promise<void> {
  // Everything this process creates from now on (keys, lock, demo password file) starts private.
  process.umask(0o077)
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE })
  await repairModes(dataDir)
}

export async function repairModes(dataDir: string): Promise<void> {
  await chmod(dataDir, FOLDER_MODE)
  for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue // chmod would follow it out of the folder
    await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? FOLDER_MODE : FILE_MODE)
  }
}
