import { createUploadUrl, type UploadUrl } from '../../services/uploads';
import { builder } from '../builder';

// Upload URLs for file inputs: public like the other chat operations (the
// session id is the visitor's credential); refusals are BAD_REQUEST.

const UploadUrlRef = builder.objectRef<UploadUrl>('UploadUrl').implement({
  description: "Where to PUT a file for the session's file input, and the URL it will be served at.",
  fields: (t) => ({
    presignedUrl: t.exposeString('presignedUrl', {
      description: 'PUT the bytes here within 10 minutes (a sealed, single-purpose URL).',
    }),
    formData: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Always null: no form fields, the upload is a plain PUT.',
      resolve: () => null,
    }),
    fileUrl: t.exposeString('fileUrl', {
      description: 'Where the file is served once uploaded (it holds an unguessable id); the reply carries it.',
    }),
    maxFileSize: t.exposeInt('maxFileSize', { description: 'Bytes accepted at most.' }),
  }),
});

builder.mutationFields((t) => ({
  createUploadUrl: t.field({
    type: UploadUrlRef,
    description:
      'An upload URL for the file input the session waits on (only that block): its size limit and allowed file types apply.',
    args: {
      sessionId: t.arg.string({ required: true }),
      blockId: t.arg.string({ required: true }),
      fileName: t.arg.string({ required: true }),
      fileType: t.arg.string(),
      fileSize: t.arg.int({
        description: 'Declared size in bytes: refused at once over the limit (the upload itself is bounded too).',
      }),
    },
    resolve: (_root, args, ctx) => createUploadUrl(ctx.uploads, args, ctx.request),
  }),
}));
