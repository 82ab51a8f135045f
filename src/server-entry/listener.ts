// The shape every layer of the server entry shares: a Node request listener, and a layer
// that wraps one (it may answer itself, change the request or the response, then call on).
import type { IncomingMessage, ServerResponse } from 'node:http';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
export type Layer = (next: RequestListener) => RequestListener;

/** The layers around `handler`, the first outermost: compose([a, b], h) is a(b(h)). */
export function compose(layers: readonly Layer[], handler: RequestListener): RequestListener {
  return layers.reduceRight<RequestListener>((next, layer) => layer(next), handler);
}
