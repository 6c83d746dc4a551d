import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../auth/public.decorator';

/** Where scripts/pack-client.js writes the tarball: dist/sdk at the project root (three levels above src/modules/sdk or dist/modules/sdk). */
export const DEFAULT_SDK_DIR = join(__dirname, '..', '..', '..', 'dist', 'sdk');

interface Manifest {
  name: string;
  version: string;
  file: string;
}

/**
 * GET /sdk/typescript.tgz: the typed client (clients/typescript, @hd-chart-api/client) as `npm pack` made it, so
 * `npm install <PUBLIC_URL>/sdk/typescript.tgz` installs it: it is not on the npm registry. No key, like the home
 * page and /llms.txt, and like them not in the OpenAPI document (it is not an API operation). Read per request
 * (55 KB), so a rebuild is served without a restart; a 404 SDK_NOT_BUILT when `npm run build` has not made it.
 */
@ApiExcludeController()
@Public()
@Controller('sdk')
export class SdkController {
  private readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.dir = config.sdkDir ?? DEFAULT_SDK_DIR;
  }

  @Get('typescript.tgz')
  async typescript(@Res() res: Response): Promise<void> {
    let tarball: Buffer;
    let manifest: Manifest;
    try {
      [tarball, manifest] = await Promise.all([
        readFile(join(this.dir, 'typescript.tgz')),
        readFile(join(this.dir, 'typescript.json'), 'utf8').then((text) => JSON.parse(text) as Manifest),
      ]);
    } catch {
      throw new ApiError(
        404,
        'SDK_NOT_BUILT',
        'The TypeScript client tarball was not built on this deployment: run `npm run build` (it packs clients/typescript into dist/sdk), then restart.',
      );
    }
    res.status(200).set({
      'Content-Type': 'application/gzip',
      'Content-Length': String(tarball.length),
      'Content-Disposition': `attachment; filename="${manifest.file.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(tarball);
  }
}
