/**
 * Whether a process with this pid exists: signal 0 checks without sending anything. EPERM means it exists
 * but belongs to another user. Used to tell a live holder (the data lock, PostgREST's private folder)
 * from one a crash or `kill -9` left behind.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
