import net from 'node:net';

// Tests talk only to this machine. A connection anywhere else (a real API left in, a model
// download) fails at once naming the address, instead of hanging on a closed network or
// passing by luck on an open one. Servers a test starts as child processes are not covered.
const patched = Symbol.for('saaga.tests.noNetwork');

const isThisMachine = (host: string) =>
  host === 'localhost' || host === '::1' || /^127\./.test(host) || /^::ffff:127\./.test(host);

if (!(net.Socket.prototype as any)[patched]) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: any[]) {
    // net.connect() passes its arguments already normalised, as [options, callback].
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const options = typeof first === 'object' && first !== null ? first : { port: first, host: typeof args[1] === 'string' ? args[1] : undefined };
    if (!options.path && !isThisMachine(options.host ?? 'localhost')) {
      throw new Error(`A test tried to reach the network (${options.host}:${options.port}); tests may only use this machine.`);
    }
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;
  (net.Socket.prototype as any)[patched] = true;
}
