// The island entry: the only JavaScript a public page runs. See src/islands/.
import { hydrateIslands } from '../src/islands/client'

void hydrateIslands()
