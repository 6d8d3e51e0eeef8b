/**
 * @jest-environment node
 */
import { defaultProjectReportOptions } from '@werkboard/common';
import { buildProjectReportPdf } from './projectReport';
import { names, reportTestProject, testFonts } from '../testReports';

it('times', async () => {
  const project = reportTestProject(500);
  const fonts = testFonts();
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const bytes = await buildProjectReportPdf(
      {
        project,
        names,
        options: defaultProjectReportOptions(project),
        photos: [],
        version: '1',
        projectAddress: 'http://x/#/project/1',
        createdAt: new Date(),
      },
      fonts,
    );
    console.log(`run ${i}: ${(performance.now() - t).toFixed(0)} ms, ${bytes.length} bytes`);
  }
}, 120000);
