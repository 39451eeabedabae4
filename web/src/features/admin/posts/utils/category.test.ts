import { describe, expect, it } from 'vitest';
import { deriveCategory, isPostCategory } from './category';

describe('deriveCategory (SPEC §9)', () => {
  it('applies the title keywords in the content service’s order, ignoring case', () => {
    expect(deriveCategory('CIPP Pipe Lining Explained')).toBe('Technology');
    expect(deriveCategory('Trenchless vs Traditional: Cost Guide')).toBe('Technology');
    expect(deriveCategory('Pipe Lifespan by Material')).toBe('Maintenance');
    expect(deriveCategory('7 Warning Signs of Sewer Line Failure')).toBe('Maintenance');
    expect(deriveCategory('What a Sewer Repair Costs')).toBe('Cost Guide');
    expect(deriveCategory('How to Tell If You Have Orangeburg Pipe')).toBe('Pipe Types');
    expect(deriveCategory('Clay Pipe Root Intrusion')).toBe('Pipe Types');
    expect(deriveCategory('Monsoon Season Drain Care')).toBe('Prevention');
  });

  it('knows the categories a post may carry', () => {
    expect(isPostCategory('Seasonal')).toBe(true);
    expect(isPostCategory('Legal & Safety')).toBe(true);
    expect(isPostCategory('seasonal')).toBe(false);
    expect(isPostCategory('')).toBe(false);
  });
});
