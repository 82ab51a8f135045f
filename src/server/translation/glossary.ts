// The glossary for the Studio and its routes: every read and write asks can() first
// (everyone in the Studio reads the glossary; owners, admins and editors change it), and
// an import is parsed whole before anything is written, so a bad file changes nothing.
import { AppError } from '@/core/errors/app-error';
import { glossaryTermInput, type GlossaryTerm } from '@/core/translation/glossary';
import { readGlossaryCsv, writeGlossaryCsv } from '@/core/translation/glossary-csv';
import { readGlossaryTbx, writeGlossaryTbx } from '@/core/translation/glossary-tbx';
import { getDatabase } from '@/db/client';
import { createGlossaryRepository } from '@/db/repositories/glossary';
import { authorize, type StudioUser } from '@/server/auth/session';

export type GlossaryFormat = 'csv' | 'tbx';

const glossary = () => createGlossaryRepository(getDatabase());

export async function listGlossary(actor: StudioUser, query = ''): Promise<GlossaryTerm[]> {
  authorize(actor, 'glossary.view');
  return glossary().list(query.slice(0, 200));
}

export async function addGlossaryTerm(actor: StudioUser, raw: unknown): Promise<GlossaryTerm> {
  authorize(actor, 'glossary.manage');
  return glossary().add(glossaryTermInput.parse(raw), actor.id);
}

export async function updateGlossaryTerm(actor: StudioUser, id: number, raw: unknown): Promise<GlossaryTerm> {
  authorize(actor, 'glossary.manage');
  const term = await glossary().update(id, glossaryTermInput.parse(raw), actor.id);
  if (!term) throw new AppError('NOT_FOUND', 'There is no such term in the glossary.');
  return term;
}

export async function removeGlossaryTerm(actor: StudioUser, id: number): Promise<void> {
  authorize(actor, 'glossary.manage');
  if (!(await glossary().remove(id))) throw new AppError('NOT_FOUND', 'There is no such term in the glossary.');
}

export async function exportGlossary(actor: StudioUser, format: GlossaryFormat): Promise<string> {
  const terms = await listGlossary(actor);
  return format === 'csv' ? writeGlossaryCsv(terms) : writeGlossaryTbx(terms);
}

export async function importGlossary(actor: StudioUser, format: GlossaryFormat, text: string): Promise<{ added: number; updated: number }> {
  authorize(actor, 'glossary.manage');
  const terms = format === 'csv' ? readGlossaryCsv(text) : readGlossaryTbx(text);
  return glossary().importTerms(terms, actor.id);
}
