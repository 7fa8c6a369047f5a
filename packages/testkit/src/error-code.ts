/** The catalog code a call failed with, `ok` when it did not fail: one assertion reads a refusal's kind. */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}
