import PlugZap from 'lucide-react/icons/plug-zap';

const options = [
  {
    title: 'An OpenAI-compatible API',
    text: 'OpenAI, Azure OpenAI, Ollama, vLLM or a llama.cpp server.',
    config:
      'LLM_BASE_URL=http://127.0.0.1:11434/v1\nLLM_MODELS=llama3.1:8b,qwen2.5:7b\nLLM_API_KEY=…   # when the API needs one',
  },
  {
    title: 'A local GGUF model',
    text: 'Runs on this server’s CPU through node-llama-cpp; nothing leaves the machine.',
    config: 'LLM_MODEL_PATH=./models/llama-3.2-3b-instruct.Q4_K_M.gguf',
  },
];

/** No model is configured: what an administrator sets to connect one. The masking preview keeps working meanwhile. */
export function ConnectModelPanel() {
  return (
    <section
      aria-labelledby="connect-model-title"
      className="mx-auto w-full max-w-2xl rounded-xl border border-warning/40 bg-warning/5 p-4 sm:p-5 dark:bg-warning/10"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-warning/20 text-warning-foreground dark:text-warning">
          <PlugZap className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 id="connect-model-title" className="font-semibold">
            Connect a model
          </h2>
          <p className="text-muted-foreground text-sm">
            No language model is connected to this Candor server yet. An administrator sets one of these in the server’s
            environment and restarts it. Until then you can still try the masking preview below: it shows exactly what a
            model would see.
          </p>
        </div>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <div key={option.title} className="min-w-0 rounded-lg border bg-card p-3">
            <p className="font-medium text-sm">{option.title}</p>
            <p className="mt-0.5 text-muted-foreground text-xs">{option.text}</p>
            <pre className="mt-2 overflow-x-auto rounded-md bg-muted px-2.5 py-2 font-mono text-[0.7rem] leading-5">
              <code>{option.config}</code>
            </pre>
          </div>
        ))}
      </div>
    </section>
  );
}
