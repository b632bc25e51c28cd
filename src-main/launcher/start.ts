// `npm start`: the Electron window where Electron's binary is installed, otherwise (or with
// --browser) the browser shell. Built into out/launcher/start.js by scripts/build-node.mjs; the
// rest is loaded once Node's compile cache is on (Playwright alone takes a quarter second to
// compile, before the window can open).
import { enableCompileCache } from '../compile-cache'

enableCompileCache()
await import('./launch')
