import type { FastifyInstance } from 'fastify';

/** Security headers on every response (filled in by the security-headers work of issue 8). */
export async function registerSecurityHeaders(_app: FastifyInstance, _options: { publicUrl?: string }): Promise<void> {}
