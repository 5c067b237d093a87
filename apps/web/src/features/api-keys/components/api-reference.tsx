import 'rapidoc';
import { useTheme } from '@/components/theme-provider';
import { apiBaseUrl } from '../api/api-base';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rapi-doc': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & Record<string, unknown>;
    }
  }
}

/**
 * The reference rendered from `/api/public/openapi.json` by RapiDoc (a maintained web component from npm). This
 * module is loaded only by the reference page, so its ~220 KB stay out of every other page's first load.
 */
export default function ApiReference() {
  const { resolvedTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <rapi-doc
      spec-url={`${apiBaseUrl()}/openapi.json`}
      server-url={apiBaseUrl()}
      default-api-server={apiBaseUrl()}
      render-style="view"
      layout="column"
      theme={dark ? 'dark' : 'light'}
      bg-color={dark ? '#0b0f17' : '#ffffff'}
      primary-color="#4f46e5"
      show-header="false"
      // Its own web fonts would come from a third party, which the page's content security policy refuses.
      load-fonts="false"
      regular-font="ui-sans-serif, system-ui, sans-serif"
      mono-font="ui-monospace, SFMono-Regular, Menlo, monospace"
      show-info="false"
      allow-authentication="true"
      allow-server-selection="false"
      allow-spec-url-load="false"
      allow-spec-file-load="false"
      schema-description-expanded="true"
      default-schema-tab="schema"
      fetch-credentials="omit"
      style={{ height: 'auto', minHeight: '60vh', width: '100%' }}
    />
  );
}
