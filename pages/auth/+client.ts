// Replaces renderer/+client.ts (the public pages' island entry): this route is rendered by vike-react's own
// client runtime. Vike 0.4.266 rejects `client: null` in +config ("should be an import").
import '../../src/lib/zodWithoutEval'
