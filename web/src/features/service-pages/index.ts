// The sections of the four service pages (SPEC §2 "Service pages"). The copy
// lives in content/service-pages.ts; routes/service-*.tsx put the sections
// together with the shared contact section of features/lead-form.
import './service-pages.css';

export { ServiceHero } from './components/ServiceHero';
export { ServiceSection } from './components/ServiceSection';
export { ScheduleButton } from '@/components/ScheduleButton';
export { ExplanationSection } from './components/ExplanationSection';
export { ProcessSteps } from './components/ProcessSteps';
export { BenefitCards } from './components/BenefitCards';
export { SuitabilityLists } from './components/SuitabilityLists';
export { ComparisonTable } from './components/ComparisonTable';
export { DemoVideo } from './components/DemoVideo';
export { FaqList } from './components/FaqList';
export { Checklist } from './components/Checklist';
export { LocalPipeIssues } from './components/LocalPipeIssues';
export { CtaBanner } from './components/CtaBanner';
