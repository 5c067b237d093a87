/** The first request, in the three languages developers ask for, with the reader's base URL and key prefix. */
export interface ExampleInput {
  baseUrl: string;
  /** What stands for the key: the user's key prefix (`cnd_live_Ab3x…`) or a placeholder. */
  key: string;
  tool: string;
  text: string;
}

const jsonString = (value: string) => JSON.stringify(value);

export function curlExample({ baseUrl, key, tool, text }: ExampleInput): string {
  const body = JSON.stringify({ text }).replace(/'/g, "'\\''");
  return [
    `curl ${baseUrl}/v1/${tool} \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    '  -H "Idempotency-Key: $(uuidgen)" \\',
    `  -d '${body}'`,
  ].join('\n');
}

export function javascriptExample({ baseUrl, key, tool, text }: ExampleInput): string {
  return [
    `const response = await fetch(${jsonString(`${baseUrl}/v1/${tool}`)}, {`,
    "  method: 'POST',",
    '  headers: {',
    `    Authorization: \`Bearer \${process.env.CANDOR_API_KEY}\`, // ${key}`,
    "    'Content-Type': 'application/json',",
    "    'Idempotency-Key': crypto.randomUUID(),",
    '  },',
    `  body: JSON.stringify({ text: ${jsonString(text)} }),`,
    '});',
    'const job = await response.json();',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: this is JavaScript for the reader, template and all.
    'if (!response.ok) throw new Error(`${job.error.code}: ${job.error.message}`);',
    'console.log(job.status, job.result);',
  ].join('\n');
}

export function pythonExample({ baseUrl, key, tool, text }: ExampleInput): string {
  return [
    'import os, uuid, requests',
    '',
    'response = requests.post(',
    `    ${jsonString(`${baseUrl}/v1/${tool}`)},`,
    `    headers={"Authorization": f"Bearer {os.environ['CANDOR_API_KEY']}",  # ${key}`,
    '             "Idempotency-Key": str(uuid.uuid4())},',
    `    json={"text": ${jsonString(text)}},`,
    '    timeout=60,',
    ')',
    'job = response.json()',
    'response.raise_for_status()',
    'print(job["status"], job["result"])',
  ].join('\n');
}
