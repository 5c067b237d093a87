import type { ArticleResult } from '@candor/contracts/tools';
import { renderReportPdf, runFacts } from '../pdf/report-document.js';

export interface ArticlePdfInput {
  title: string;
  createdAt: Date;
  cost: number;
  article: ArticleResult;
}

/** The written article as a PDF (`GET v1/tools/ai-writer/reports/{history_id}.pdf`): its sections, then the facts. */
export function renderArticlePdf(input: ArticlePdfInput): Promise<Buffer> {
  const { article } = input;
  return renderReportPdf({ tool: 'Stealth AI Writer', title: article.title, createdAt: input.createdAt }, (pdf) => {
    pdf.header('Stealth AI Writer', article.title, runFacts(input.createdAt, article.words, input.cost));
    pdf.paragraph(article.meta_description, { muted: true });
    for (const section of article.sections) {
      pdf.heading(section.heading);
      for (const paragraph of section.text.split(/\n{2,}/)) pdf.paragraph(paragraph.replace(/\n/g, ' '));
    }
    pdf.heading('About this article');
    pdf.table([pdf.width / 3, (pdf.width * 2) / 3], null, [
      ['Meta title', article.meta_title],
      ['Meta description', article.meta_description],
      ['Language', article.language],
      ['Written by', article.generator.model ?? 'the built-in engine'],
      [
        'AI Detector',
        article.ai_probability === null
          ? 'Not checked (the detector reads English)'
          : `${Math.round(article.ai_probability * 100)}% likely AI (${article.ai_label})`,
      ],
      ...(article.new_facts.length > 0 ? [['Check these names and numbers', article.new_facts.join(', ')]] : []),
    ]);
  });
}
