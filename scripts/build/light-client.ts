import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import type { Language } from '../../contract/language-codes.ts';
import { landingFile, modulePreloadLinks, PAGE_PRELOADS_FILE, type PagePreloads } from '../../contract/page-preloads.ts';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * After `vite build`: the landing page rendered into its own copies of index.html (en, fi),
 * then every text asset written again as .br and .gz beside itself, so the server sends
 * them compressed without compressing on each request.
 */
export function lightClient(): Plugin {
  let outDir = '';
  let root = '';
  let written = false;
  return {
    name: 'saaga-light-client',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    // Also called after a failed build: nothing was written then, and an error of its own would hide the build's.
    // Last, after vite-plugin-pwa has written the service worker, so it is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!written) return;
        await prerenderLanding(root, outDir);
        precompress(outDir);
      },
    },
  };
}

async function prerenderLanding(root: string, outDir: string): Promise<void> {
  const server = await createServer({
    configFile: false,
    root,
    plugins: [react()],
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderLanding } = (await server.ssrLoadModule('/src/landing/prerender.tsx')) as { renderLanding: (language: Language) => string };
    const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to render the landing page into');
    // The landing page's own chunk and words come with the page, not after its first script has run.
    const preloads = JSON.parse(readFileSync(path.join(outDir, PAGE_PRELOADS_FILE), 'utf8')) as PagePreloads;
    for (const language of ['en', 'fi'] as const) {
      const page = shell
        .replace('<html lang="en">', `<html lang="${language}">`)
        .replace('</head>', () => `${modulePreloadLinks(preloads.landing[language])}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${renderLanding(language)}</div>`);
      writeFileSync(path.join(outDir, landingFile(language)), page);
    }
  } finally {
    await server.close();
  }
}

function precompress(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}
