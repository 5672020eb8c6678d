import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { BATCH_SIZES } from '@directory/core';

/** Multipart fields of POST /api/upload-excel-batch (admin spec §7), all optional. */
export class BatchUploadFields {
  @IsOptional()
  @Type(() => Number)
  @IsIn(BATCH_SIZES, { message: `batchSize must be one of ${BATCH_SIZES.join(', ')}` })
  batchSize: number = 500;

  @IsOptional()
  @Type(() => Number)
  @Min(0, { message: 'fileIndex must be a whole number (0 or more)' })
  @IsInt({ message: 'fileIndex must be a whole number (0 or more)' })
  fileIndex?: number;

  @IsOptional()
  @Type(() => Number)
  @Min(1, { message: 'totalFiles must be a whole number (1 or more)' })
  @IsInt({ message: 'totalFiles must be a whole number (1 or more)' })
  totalFiles?: number;
}

/** ?wait=false answers 202 with the job id at once instead of waiting for the import's result. */
export class UploadQuery {
  @IsOptional()
  @Transform(({ value }) =>
    value === 'false' || value === '0' ? false : value === 'true' || value === '1' ? true : value,
  )
  @IsIn([true, false], { message: 'wait must be true or false' })
  wait: boolean = true;
}
