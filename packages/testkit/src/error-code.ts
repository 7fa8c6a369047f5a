/** The catalog code a call failed with, `ok` when it did not fail: one assertion reads a refusal's kind. */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** The catalog code a call failed with (`ok` when it did not fail), and the paths of its details. */
export async function failureOf(call: Promise<unknown>): Promise<{ code: string; paths: string[] }> {
  try {
    await call;
    return { code: 'ok', paths: [] };
  } catch (error) {
    const { code, details } = error as { code?: string; details?: { path: string }[] };
    return { code: code ?? String(error), paths: (details ?? []).map((detail) => detail.path) };
  }
}
