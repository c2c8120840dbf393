// This route's client entry, rendered by vike-react's own client runtime: zod parses here, without compiling
// its parsers through `new Function`, which the security policy forbids.
import '../../src/lib/zodWithoutEval'
