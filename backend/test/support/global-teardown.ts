export default async function globalTeardown(): Promise<void> {
  const cluster = (globalThis as { __testCluster__?: { stop(): Promise<void> } }).__testCluster__;
  await cluster?.stop();
}
