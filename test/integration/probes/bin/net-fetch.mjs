// A discovery command that wrongly needs the network (AOI-01 fails): `schema` fetches
// http://example.invalid/. It honours HTTP_PROXY the way many CLIs do (absolute-URI request to the
// proxy); without a proxy it uses fetch(). Safety belt: it never goes out directly unless the kit's
// tripwire preload is loaded, so a broken test cannot send traffic off the machine.
import http from 'node:http';

const TRIPWIRE = Symbol.for('aoi-testkit.network-tripwire');
const target = 'http://example.invalid/schema.json';
const proxy = process.env.HTTP_PROXY || process.env.http_proxy;
const done = (outcome) => {
  console.log(JSON.stringify({ type: 'aoi:summary', ok: false, ...outcome }));
  process.exitCode = 1;
};

if (proxy) {
  const { hostname, port } = new URL(proxy);
  http
    .get({ host: hostname, port, path: target, headers: { host: 'example.invalid' } }, (res) => {
      res.resume();
      done({ status: res.statusCode });
    })
    .on('error', (error) => done({ code: error.code }));
} else if (globalThis[TRIPWIRE]) {
  fetch(target).then(
    (res) => done({ status: res.status }),
    (error) => done({ code: error.cause?.code ?? error.code }),
  );
} else {
  console.error('net-fetch: refusing to touch the network without the tripwire preload or a proxy');
  process.exitCode = 3;
}
