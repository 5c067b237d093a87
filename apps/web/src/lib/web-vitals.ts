import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { pushToDataLayer } from './analytics';

/** Core Web Vitals to the data layer; this module is imported lazily after the first render. */
export function reportWebVitals() {
  const report = (metric: Metric) =>
    pushToDataLayer({
      event: 'web_vitals',
      metric_name: metric.name,
      metric_value: metric.value,
      metric_delta: metric.delta,
      metric_rating: metric.rating,
      metric_id: metric.id,
    });
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
