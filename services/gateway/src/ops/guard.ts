/** The operations endpoints' access rule (@snapnotes/runtime ops-access.ts) as a Fastify onRequest hook. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { opsRefusal, type OpsAccessConfig } from '@snapnotes/runtime';

export function opsGuard(config: OpsAccessConfig) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const refusal = opsRefusal(config, req.headers.authorization);
    if (!refusal) return;
    if (refusal.status === 401) reply.header('www-authenticate', 'Bearer');
    await reply.code(refusal.status).send(refusal.body);
  };
}
