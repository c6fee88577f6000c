// Opens a --trace file in a real viewer: speedscope (the npm package, served from a local folder)
// in headless Chromium, driven by playwright-core. Prints what the viewer shows, one line each:
//   track <thread name>: <symbol>|<symbol>|...     (speedscope's sandwich table, one per thread)
// and saves two screenshots of the busiest worker track: its sandwich table and its left-heavy flame graph.
// The suite checks the lines and reads the screenshots back with OCR; nothing here decides pass
// or fail except a viewer that never shows the trace (exit 1).
//
// usage: node trace_in_speedscope.mjs TOOLS_DIR TRACE.json OUT_DIR
//   TOOLS_DIR holds node_modules/speedscope and node_modules/playwright-core (npm install there).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const [toolsDir, tracePath, outDir] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(toolsDir), 'package.json'));
const { chromium } = require('playwright-core');
const viewerDir = path.join(path.resolve(toolsDir), 'node_modules', 'speedscope', 'dist', 'release');

// The viewer and the trace from one local server: speedscope fetches #profileURL like any page.
function serve() {
    const server = http.createServer((request, response) => {
        const url = decodeURIComponent(request.url.split('?')[0]);
        const file = url === '/trace.json' ? tracePath : path.join(viewerDir, path.normalize(url === '/' ? 'index.html' : url));
        fs.readFile(file, (error, data) => {
            if (error) { response.writeHead(404); response.end(); return; }
            response.writeHead(200, { 'Content-Type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.html') ? 'text/html' : 'application/octet-stream' });
            response.end(data);
        });
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// speedscope's toolbar title: "<process> (pid 1), <thread> (tid N) (k/n)".
async function currentTrack(page) {
    const text = await page.evaluate(() => document.body.innerText);
    const match = text.match(/\(pid \d+\), (.*?) \(tid (\d+)\)(?: \((\d+)\/(\d+)\))?/);
    if (!match) return null;
    const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
    const header = lines.findIndex((line) => line.startsWith('Total') && line.includes('Symbol Name'));
    const symbols = [];
    // Rows come as "<total>", "<self>", "<symbol>": the symbol is every third line after the header.
    for (let index = header + 3; header >= 0 && index < lines.length; index += 3) symbols.push(lines[index]);
    return { name: match[1], tid: Number(match[2]), index: Number(match[3] || 1), count: Number(match[4] || 1), symbols };
}

const server = await serve();
const port = server.address().port;
const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
let exitCode = 0;
try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 700 }, deviceScaleFactor: 2 });
    await page.goto(`http://127.0.0.1:${port}/index.html#profileURL=/trace.json&view=sandwich`);
    await page.waitForFunction(() => document.body.innerText.includes('Symbol Name'), null, { timeout: 60000 });
    const tracks = [];
    // 'n' shows the next thread, 'p' the previous one (neither wraps around); wait until the
    // title's "(k/n)" has moved on before reading it.
    const nextTrack = async (track, key = 'n') => {
        await page.keyboard.press(key);
        await page.waitForFunction((index) => !document.body.innerText.includes(`(${index}/`), track.index);
        return currentTrack(page);
    };
    let track = await currentTrack(page);
    for (let step = 0; track && step < track.count; ++step) {
        tracks.push(track);
        console.log(`track ${track.name}: ${track.symbols.join('|')}`);
        if (step + 1 < track.count) track = await nextTrack(track);
    }
    // The busiest worker: the most distinct symbols. Its table, then its flame graph.
    const workers = tracks.filter((candidate) => candidate.tid !== 0);
    workers.sort((a, b) => b.symbols.length - a.symbols.length);
    if (workers.length) {
        const wanted = workers[0].index;
        for (let step = 0; track.index !== wanted && step < track.count; ++step)
            track = await nextTrack(track, wanted > track.index ? 'n' : 'p');
        await page.screenshot({ path: path.join(outDir, 'speedscope_sandwich.png') });
        await page.keyboard.press('2');     // left heavy: the thread's blocks merged into one flame graph
        await page.waitForTimeout(800);
        // The flame graph fills the top; below it the canvas is empty.
        await page.screenshot({ path: path.join(outDir, 'speedscope_flamegraph.png'), clip: { x: 0, y: 0, width: 1400, height: 300 } });
    }
} catch (error) {
    console.log(`viewer error: ${error.message.split('\n')[0]}`);
    exitCode = 1;
}
await browser.close();
server.close();
process.exit(exitCode);
