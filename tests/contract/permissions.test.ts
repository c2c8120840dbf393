// The permission matrix (permission-matrix.ts) on a server with no other load.
import { definePermissionMatrix } from './permission-matrix.ts'

definePermissionMatrix()
