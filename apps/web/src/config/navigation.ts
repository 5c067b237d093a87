import type { ProductId } from '@candor/contracts';
import type { LucideIcon } from 'lucide-react';
import AudioWaveform from 'lucide-react/icons/audio-waveform';
import BookOpen from 'lucide-react/icons/book-open';
import Copyright from 'lucide-react/icons/copyright';
import CreditCard from 'lucide-react/icons/credit-card';
import DatabaseZap from 'lucide-react/icons/database-zap';
import FileLock from 'lucide-react/icons/file-lock';
import FolderSearch from 'lucide-react/icons/folder-search';
import Globe from 'lucide-react/icons/globe';
import History from 'lucide-react/icons/history';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LayoutGrid from 'lucide-react/icons/layout-grid';
import Mail from 'lucide-react/icons/mail';
import MessageSquareLock from 'lucide-react/icons/message-square-lock';
import PenLine from 'lucide-react/icons/pen-line';
import ScanSearch from 'lucide-react/icons/scan-search';
import ScanText from 'lucide-react/icons/scan-text';
import Sparkles from 'lucide-react/icons/sparkles';
import TextSearch from 'lucide-react/icons/text-search';
import UserRound from 'lucide-react/icons/user-round';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import type { FileRouteTypes } from '@/routeTree.gen';
import type { ProductCategoryId } from './product-categories';

/** Any path the router knows, so a typo in the navigation data fails the type check. */
export type AppPath = FileRouteTypes['to'];

export {
  type ProductCategory,
  type ProductCategoryId,
  productCategories,
  productCategoryIds,
} from './product-categories';

export interface Tool {
  /** The product the server says is offered or not (`v1/products/`): cards and links follow it. */
  product: ProductId;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Missing for catalogue entries that have no screen of their own. */
  to?: AppPath;
  category?: ProductCategoryId;
  badge?: string;
}

export const tools = {
  secureLlm: {
    product: 'secure-llm',
    title: 'Secure LLM Chat',
    description: 'Chat with LLMs while personal data is masked before it leaves your browser session.',
    icon: MessageSquareLock,
    to: '/secure-llm',
    category: 'privacy',
  },
  documentRedactor: {
    product: 'document-redactor',
    title: 'Document Redactor',
    description: 'Find and redact personal data in PDFs and Word documents with your own policies.',
    icon: FileLock,
    to: '/document-redactor',
    category: 'privacy',
  },
  deepfakeAudio: {
    product: 'vexon',
    title: 'Deepfake Audio Detection',
    description: 'Check whether a voice recording is real or synthetic, segment by segment.',
    icon: AudioWaveform,
    to: '/vexon',
    category: 'privacy',
  },
  fileSystemScan: {
    product: 'file-system-scan',
    title: 'File System Scan',
    description: 'Scan shared drives for documents that expose personal data.',
    icon: FolderSearch,
    category: 'privacy',
  },
  dataAnonymizer: {
    product: 'data-based-anonymizer',
    title: 'Data Based Anonymizer',
    description: 'Anonymise whole datasets while keeping them useful for analysis.',
    icon: DatabaseZap,
    category: 'privacy',
  },
  aiDetector: {
    product: 'ai-detector',
    title: 'AI Detector',
    description: 'Estimate how likely a text was written by AI, sentence by sentence.',
    icon: ScanText,
    to: '/ai-detector',
    category: 'provenance',
  },
  humanizedTextDetector: {
    product: 'humanized-text-detector',
    title: 'Humanized Text Detector',
    description: 'Spot AI text that was passed through paraphrasers and humanizers.',
    icon: ScanSearch,
    to: '/humanized-text-detector',
    category: 'provenance',
  },
  copyrightDetector: {
    product: 'copyright-detector',
    title: 'Copyright Detector',
    description: 'Find passages copied from your sources and earlier submissions.',
    icon: Copyright,
    to: '/copyright-detector',
    category: 'provenance',
  },
  writingAnalysis: {
    product: 'writing-analysis',
    title: 'Writing Analysis',
    description: 'Readability, style, passive voice and spelling in one report.',
    icon: TextSearch,
    to: '/writing-analysis',
    category: 'provenance',
  },
  stealthAiWriter: {
    product: 'stealth-ai-writer',
    title: 'Stealth AI',
    description: 'Generate full articles from a topic and an outline.',
    icon: PenLine,
    to: '/stealth-ai-writer',
    category: 'generation',
  },
  contentEnhancer: {
    product: 'content-enhancer',
    title: 'Content Enhancer',
    description: 'Rewrite, summarise, expand or shorten a text.',
    icon: Sparkles,
    to: '/content-enhancer',
    category: 'generation',
  },
  aiHumanizer: {
    product: 'content-humanizer',
    title: 'AI Humanizer',
    description: 'Turn AI drafts into natural, human-sounding text.',
    icon: WandSparkles,
    to: '/content-humanizer',
    category: 'ai-humanizer',
    badge: 'Beta',
  },
  seoScanner: {
    product: 'seo-scanner',
    title: 'SEO Scanner',
    description: 'Crawl a website and score every page for AI-written content and SEO issues.',
    icon: Globe,
    to: '/seo-scanner',
  },
} as const satisfies Record<string, Tool>;

export type ToolKey = keyof typeof tools;

/** The catalogue of one tab, in display order. */
export const catalogue = (category: ProductCategoryId): Tool[] =>
  Object.values(tools).filter((tool: Tool) => tool.category === category);

/** Display name of a catalogue tool; the AI Humanizer carries its "(Beta)" label (spec §2). */
export const toolLabel = (tool: Tool) => (tool.badge ? `${tool.title} (${tool.badge})` : tool.title);

export interface NavItem {
  title: string;
  to: AppPath;
  icon: LucideIcon;
  badge?: string;
  /** The product behind the item: while the server does not offer it, the item is listed but not a link. */
  product?: ProductId;
  /** Only highlight on an exact match (the dashboard "/"). */
  exact?: boolean;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

const fromTool = (tool: Tool & { to: AppPath }): NavItem => ({
  title: tool.title,
  to: tool.to,
  icon: tool.icon,
  product: tool.product,
  ...(tool.badge ? { badge: tool.badge } : {}),
});

/** The signed-in sidebar: overview, the catalogue grouped by tab, then the supporting areas. */
export const sidebarNavigation: NavSection[] = [
  {
    label: 'Overview',
    items: [
      { title: 'Dashboard', to: '/', icon: LayoutDashboard, exact: true },
      { title: 'All products', to: '/all-products', icon: LayoutGrid },
    ],
  },
  {
    label: 'Privacy',
    items: [fromTool(tools.secureLlm), fromTool(tools.documentRedactor), fromTool(tools.deepfakeAudio)],
  },
  {
    label: 'Provenance',
    items: [
      fromTool(tools.aiDetector),
      fromTool(tools.humanizedTextDetector),
      fromTool(tools.copyrightDetector),
      fromTool(tools.writingAnalysis),
    ],
  },
  {
    label: 'Generation',
    items: [fromTool(tools.stealthAiWriter), fromTool(tools.contentEnhancer), fromTool(tools.aiHumanizer)],
  },
  {
    label: 'Workspace',
    items: [
      fromTool(tools.seoScanner),
      { title: 'History', to: '/history', icon: History },
      { title: 'Pricing', to: '/pricing', icon: CreditCard },
      { title: 'API docs', to: '/api-agent-doc', icon: BookOpen, product: 'public-api' },
      { title: 'Contact us', to: '/contact-us', icon: Mail },
      { title: 'Account', to: '/account', icon: UserRound },
    ],
  },
];
