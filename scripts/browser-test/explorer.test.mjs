// Browser test of the Explorer: opens a live `battlecheck explore` of a
// configuration with a seeded fault on the counterexample's URL and checks
// that the violated property, the steps and the final state are shown.
// Usage: node explorer.test.mjs URL SCREENSHOT
import { chromium } from 'playwright-core';

const [url, screenshot] = process.argv.slice(2);
if (!url || !screenshot) {
  console.error('usage: node explorer.test.mjs URL SCREENSHOT');
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failures = 0;
let passes = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (ok) passes++;
  else failures++;
};
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(url);
  // The path of actions is rebuilt from the URL.
  const path = page.locator('ol.path-list li');
  await path.first().waitFor();
  // The list starts with the Explorer's "Pre-init" and "Init 0" entries.
  await page.waitForFunction(() => document.querySelectorAll('ol.path-list li').length >= 4);
  const steps = (await path.allInnerTexts()).filter((s) => !/^(Pre-init|Init \d+)$/.test(s.trim()));
  check(steps.length === 2, `the path has the counterexample's 2 steps (${steps.length})`);
  check(steps[0].includes('P1 casts Pool Siege 2 #2'), `step 1 is the cast: ${steps[0]}`);
  check(steps[1].includes('all players pass priority'), `step 2 resolves it: ${steps[1]}`);
  // The final state, in game terms, and its picture.
  const state = page.locator('section.main-flex-right');
  await state.getByText('Pool Siege 2 #2 [Siege, 3 defense, protected by P2]').first().waitFor();
  check(true, 'the final state shows the Siege with 3 defense counters (printed defense 2)');
  check(await page.locator('section.main-flex-right svg g.permanent').count() >= 4, 'the battlefield picture shows the permanents');
  // Run the checker: the violated property is listed as a counterexample.
  await page.getByRole('button', { name: 'Run to completion' }).click();
  const property = page.locator('nav').getByText('Always defense-never-exceeds-printed');
  await property.waitFor();
  await page.waitForFunction(() => document.body.innerText.includes('Counterexample found'));
  const row = await property.locator('xpath=..').innerText();
  check(row.includes('Counterexample found'), `the property is reported violated: ${row.trim()}`);
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log(`screenshot: ${screenshot}`);
} catch (e) {
  check(false, `${e}`);
} finally {
  await browser.close();
}
console.log(`browser: ${passes} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
