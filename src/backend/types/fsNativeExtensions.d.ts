// The part of fs-native-extensions (holepunch) that dataLock.ts uses; the package ships no types.
declare module 'fs-native-extensions' {
  /** Takes an OS lock on the open file without waiting: false when another open file description holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean
  export function unlock(fd: number): void
}
