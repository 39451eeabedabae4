import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { business } from '@/config/business';
import { createQueryClient } from '@/lib/query-client';
import { attrOf, countTags, elements, innerHtmls, textOnly } from '@/testing/html';
import { prerenderHtml } from '@/testing/prerender';
import { ContactSection } from '../index';
import { LeadForm } from './LeadForm';
import { ContactPageForm } from './ContactPageForm';

function render(node: ReactNode): string {
  return renderToString(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

/** The id of the control a visible <label> whose content starts with `text` (a RegExp source) points at. */
function labelledControl(html: string, text: string): string {
  const label = elements(html, 'label', { for: true }).find((l) => new RegExp(`^${text}`).test(l.inner));
  const id = label && attrOf(label.open, 'for');
  if (!id) throw new Error(`no <label for> with text ${text}`);
  return id;
}

/** The opening tag of the form control with this id. */
function tagWithId(html: string, id: string): string {
  const tag = ['input', 'select', 'textarea'].map((name) => elements(html, name, { id })[0]?.open).find(Boolean);
  if (!tag) throw new Error(`no control with id ${id}`);
  return tag;
}

/** The value and text of the first option of the select named `name`. */
function firstOption(html: string, name: string): { value: string | undefined; text: string | undefined } | undefined {
  const select = elements(html, 'select', { name })[0];
  const option = select && elements(select.inner, 'option')[0];
  return option && { value: attrOf(option.open, 'value'), text: textOnly(option.inner) };
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
    expect(firstOption(html, 'homeAge')).toEqual({ value: '', text: 'Select age range' });
    expect(firstOption(html, 'urgency')).toEqual({ value: '', text: 'Select timeline' });
    expect(innerHtmls(html, 'option', { value: 'soon' })).toEqual(['As soon as possible']);
    expect(innerHtmls(html, 'option', { value: '2010+' })).toEqual(['2010 or newer']);
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
    expect(innerHtmls(html, 'legend', { class: 'lead-form__label' })).toContainEqual(
      expect.stringMatching(/^What issues are you noticing\?/),
    );
  });

  it('has a honeypot that people never see or reach', () => {
    const id = labelledControl(html, 'Leave this field empty');
    const input = tagWithId(html, id);
    expect(attrOf(input, 'name')).toBe('website');
    expect(attrOf(input, 'tabindex')).toBe('-1');
    expect(attrOf(input, 'autocomplete')).toBe('off');
    expect(countTags(html, 'div', { class: 'lead-form__hp', 'aria-hidden': 'true' })).toBe(1);
  });

  it('shows no errors before a submit, and the submit button is enabled', () => {
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain('aria-invalid');
    const submits = elements(html, 'button', { type: 'submit' });
    expect(submits.map((b) => b.inner)).toEqual(['Get My Free Assessment']);
    expect(submits.map((b) => attrOf(b.open, 'disabled'))).toEqual([undefined]);
  });

  it('offers the e-mail fallback and a call link', () => {
    // A real mailto link, filled from the (still empty) form.
    const emailLinks = elements(html, 'a', { href: true, class: 'button' }).filter((a) => a.inner === 'Email us instead');
    expect(emailLinks.map((a) => attrOf(a.open, 'href'))).toEqual([
      expect.stringMatching(/^mailto:service@valleytrenchless\.example\?subject=Drain%20Assessment%20Request/),
    ]);
    expect(html).toContain(`href="${business.phoneHref}"`);
  });
});

describe('Other nearby city', () => {
  it("is the city select's last choice on both forms, its box hidden until chosen", () => {
    for (const html of [render(<LeadForm variant="home" />), render(<ContactPageForm />)]) {
      const select = elements(html, 'select', { name: 'city' })[0]!;
      const options = elements(select.inner, 'option');
      expect(options).toHaveLength(10); // placeholder, the eight cities, other
      expect(attrOf(options[9]!.open, 'value')).toBe('other-city');
      expect(textOnly(options[9]!.inner)).toBe('Other nearby city');
      expect(html).not.toContain('name="otherCity"');
    }
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
    expect(innerHtmls(html, 'button', { type: 'submit' })).toContain('Schedule Free Inspection');
  });

  it('is also what LeadForm renders for the contact variant', () => {
    expect(render(<LeadForm variant="contact" />).match(/type="checkbox"/g)).toHaveLength(6);
  });
});

describe('ContactSection', () => {
  it('is the #contact target with a heading, the 24-hour promise and the home form', async () => {
    const html = await prerenderHtml(<ContactSection />);
    const sections = elements(html, 'section', { id: 'contact', 'aria-labelledby': true });
    expect(sections).toHaveLength(1);
    const heading = attrOf(sections[0]!.open, 'aria-labelledby');
    expect(heading).toBeTruthy();
    expect(innerHtmls(html, 'h2', { id: heading! })).toEqual(['Schedule Your Free Drain Assessment']);
    expect(html).toContain('within 24 hours');
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
  });
});
