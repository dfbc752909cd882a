import { loadTargetMap } from '../target-map';
import { targetBrowserLaunch } from './launch';
import { confinementRules } from './confinement';
import { quicAddress, quicCommand, quicLaunch } from './quic';

const map = loadTargetMap({
  TARGET_URL: 'https://www.lessons.test:8443',
  TARGET_SHOP_URL: 'https://shop.store.test:8443',
  TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1,shop.store.test:8443:[::1]:9443',
});
const base = () => targetBrowserLaunch(map, '/tmp/unused', { CHROMIUM_PATH: process.execPath });

describe('quicLaunch', () => {
  it('lifts --disable-quic, forces QUIC on each origin, and maps each origin to its UDP endpoint before the map’s own rules', () => {
    const { options } = quicLaunch(base(), [
      { originHost: 'www.lessons.test', originPort: 8443, address: '127.0.0.1', port: 9001 },
      { originHost: 'shop.store.test', originPort: 8443, address: '::1', port: 443 },
    ]);
    expect(base().options.args).toContain('--disable-quic');
    expect(options.args).not.toContain('--disable-quic');
    expect(options.args).toContain('--enable-quic');
    expect(options.args).toContain('--origin-to-force-quic-on=www.lessons.test:8443,shop.store.test:8443');
    expect(options.args).toContain('--no-proxy-server');
    expect(options.args?.filter((a) => a.startsWith('--host-resolver-rules='))).toEqual([
      `--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:9001, MAP shop.store.test:8443 [::1]:443, MAP www.lessons.test:8443 127.0.0.1:8443, MAP shop.store.test:8443 [::1]:9443, ${confinementRules(map).join(', ')}`,
    ]);
  });

  it('without endpoints changes nothing but the QUIC and proxy switches', () => {
    const { options } = quicLaunch(base(), []);
    const kept = (base().options.args ?? []).filter((a) => a !== '--disable-quic' && a !== '--no-proxy-server');
    expect(options.args).toEqual([...kept, '--no-proxy-server']);
  });

  it('goes direct whatever proxy the map has: QUIC never travels through an HTTP proxy', () => {
    for (const HTTPS_PROXY of ['http://proxy.test:3128', 'http://user:secret@proxy.test:3128']) {
      const proxied = loadTargetMap({ TARGET_URL: 'https://www.lessons.test:8443', HTTPS_PROXY, NO_PROXY: 'www.lessons.test' });
      const launch = targetBrowserLaunch(proxied, '/tmp/unused', { CHROMIUM_PATH: process.execPath });
      expect(JSON.stringify(launch.options)).toContain('proxy.test:3128');
      const { options } = quicLaunch(launch, [{ originHost: 'www.lessons.test', originPort: 8443, address: '127.0.0.1', port: 9001 }]);
      expect(JSON.stringify(options)).not.toContain('proxy.test:3128');
      expect(options.proxy).toBeUndefined();
      expect(options.args).toContain('--no-proxy-server');
    }
  });
});

describe('quicAddress', () => {
  it("is the resolve entry's address for the host (its own port's first, any port's else), or the host itself", () => {
    expect(quicAddress(map, 'WWW.lessons.test', 8443)).toBe('127.0.0.1');
    expect(quicAddress(map, 'shop.store.test', 443)).toBe('::1');
    expect(quicAddress(map, 'edge.cdn.test', 443)).toBe('edge.cdn.test');
  });
});

describe('quicCommand', () => {
  it('is a launch with the same switches and a request part, quoting what needs it', () => {
    const { launch, request } = quicCommand(
      quicLaunch(base(), [{ originHost: 'www.lessons.test', originPort: 8443, address: '127.0.0.1', port: 9001 }]),
      'https://www.lessons.test:8443/a b',
    );
    expect(launch).toContain('--origin-to-force-quic-on=www.lessons.test:8443');
    // The map's rules alone: the confinement keeps a hostile page off the runner's networks, and reproducing needs none of it.
    expect(launch).toContain(
      "'--host-resolver-rules=MAP www.lessons.test:8443 127.0.0.1:9001, MAP www.lessons.test:8443 127.0.0.1:8443, MAP shop.store.test:8443 [::1]:9443' ",
    );
    expect(launch).not.toMatch(/NOTFOUND|webrtc/);
    expect(launch).not.toContain('lessons.test:8443/a');
    expect(request).toBe("--log-net-log=h3-netlog.json --dump-dom 'https://www.lessons.test:8443/a b'");
  });
});
