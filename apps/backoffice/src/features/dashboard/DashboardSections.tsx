import type { ComponentType } from 'react';
import { CollectionsSection } from './CollectionsSection';
import type { SectionId } from './DashboardPage';
import { PaymentsSection } from './PaymentsSection';
import { PipelineSection } from './PipelineSection';
import { PortfolioSection } from './PortfolioSection';
import './dashboard.css';

const SECTIONS: Record<SectionId, ComponentType> = {
  portfolio: PortfolioSection,
  collections: CollectionsSection,
  payments: PaymentsSection,
  pipeline: PipelineSection,
};

/** The dashboard's sections a role sees (DashboardPage.tsx), each loading its own figures. */
export default function DashboardSections({ sections }: { sections: readonly SectionId[] }) {
  return (
    <div className="dashboard">
      {sections.map((id) => {
        const Shown = SECTIONS[id];
        return <Shown key={id} />;
      })}
    </div>
  );
}
