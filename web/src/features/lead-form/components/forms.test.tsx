import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { createQueryClient } from '@/lib/query-client';
import { prerenderHtml } from '@/testing/prerender';
import { ContactSection } from '../index';
import { LeadForm } from './LeadForm';
import { ContactPageForm } from './ContactPageForm';

function render(node: ReactNode): string {
  return renderToString(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

/** The id of the control a visible <label> with this text points at. */
function labelledControl(html: string, text: string): string {
  const m = new RegExp(`<label for="([^"]+)"[^>]*>${text}`).exec(html);
  if (!m?.[1]) throw new Error(`no <label for> with text ${text}`);
  return m[1];
}

function tagWithId(html: string, id: string): string {
  const m = new RegExp(`<(input|select|textarea)[^>]*id="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`).exec(html);
  if (!m) throw new Error(`no control with id ${id}`);
  return m[0];
}

describe('LeadForm (home, city and service pages)', () => {
  const html = render(<LeadForm variant="home" />);

  it('labels every control and uses the right input types', () => {
    expect(tagWithId(html, labelledControl(html, 'First name'))).toContain('name="firstName"');
    expect(tagWithId(html, labelledControl(html, 'Last name'))).toContain('name="lastName"');
    expect(tagWithId(html, labelledControl(html, 'Email'))).toContain('type="email"');
    expect(tagWithId(html, labelledControl(html, 'Phone'))).toContain('type="tel"');
    expect(tagWithId(html, labelledControl(html, 'Street address'))).toContain('name="address"');
    expect(tagWithId(html, labelledControl(html, 'City'))).toMatch(/^<select/);
    expect(tagWithId(html, labelledControl(html, 'When was your home built\\?'))).toContain('name="homeAge"');
    expect(tagWithId(html, labelledControl(html, 'How soon do you need help\\?'))).toContain('name="urgency"');
    expect(tagWithId(html, labelledControl(html, 'Describe the problem'))).toMatch(/^<textarea/);
  });

  it('offers the SPEC placeholders and option lists', () => {
    // The placeholder is each select's first option, so it shows until a choice is made.
    expect(html).toMatch(/name="homeAge"><option value="">Select age range<\/option>/);
    expect(html).toMatch(/name="urgency"><option value="">Select timeline<\/option>/);
    expect(html).toContain('<option value="soon">As soon as possible</option>');
    expect(html).toContain('<option value="2010+">2010 or newer</option>');
    for (const label of [
      'Frequent clogs or backups',
      'Slow drainage',
      'Bad odors from drains',
      'Gurgling sounds',
      'Other (describe below)',
    ]) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(html).toContain('<legend class="lead-form__label">What issues are you noticing?');
  });

  it('has a honeypot that people never see or reach', () => {
    const id = labelledControl(html, 'Leave this field empty');
    const input = tagWithId(html, id);
    expect(input).toContain('name="website"');
    expect(input).toContain('tabindex="-1"');
    expect(input).toContain('autoComplete="off"');
    expect(html).toContain('<div class="lead-form__hp" aria-hidden="true">');
  });

  it('shows no errors before a submit, and the submit button is enabled', () => {
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
    expect(html).toMatch(/<button type="submit"[^>]*>Get My Free Assessment<\/button>/);
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
  });

  it('offers the e-mail fallback and a call link', () => {
    // A real mailto link, filled from the (still empty) form.
    expect(html).toMatch(/<a href="mailto:service@valleytrenchless\.example\?subject=Drain%20Assessment%20Request[^"]*" class="button">Email us instead<\/a>/);
    expect(html).toContain(`href="${business.phoneHref}"`);
  });
});

describe('ContactPageForm (/contact)', () => {
  const html = render(<ContactPageForm />);

  it('has the page fields and the six problems', () => {
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'description', 'website']) {
      expect(html).toContain(`name="${name}"`);
    }
    expect(html).not.toContain('name="homeAge"');
    expect(html).not.toContain('name="urgency"');
    expect(html.match(/type="checkbox"/g)).toHaveLength(6);
    for (const label of ['Slow drains', 'Recurring clogs', 'Bad odors', 'Gurgling sounds', 'Water backups', 'Other issues']) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(html).toMatch(/<button type="submit"[^>]*>Schedule Free Inspection<\/button>/);
  });

  it('is also what LeadForm renders for the contact variant', () => {
    expect(render(<LeadForm variant="contact" />).match(/type="checkbox"/g)).toHaveLength(6);
  });
});

describe('ContactSection', () => {
  it('is the #contact target with a heading, the 24-hour promise and the home form', async () => {
    const html = await prerenderHtml(<ContactSection />);
    const section = /<section id="contact"[^>]*aria-labelledby="([^"]+)"/.exec(html);
    expect(section?.[1]).toBeTruthy();
    expect(html).toContain(`<h2 id="${section?.[1]}">Schedule Your Free Drain Assessment</h2>`);
    expect(html).toContain('within 24 hours');
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
  });
});
