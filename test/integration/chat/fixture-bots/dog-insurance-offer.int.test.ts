import { conversationsOnTestServer, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the dog-insurance-offer fixture bot
// (test/fixtures/bots/dog-insurance-offer.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md.

const dog_insurance_offer = {
  wza92in5v03w0oiaa1y3k68x: text('wza92in5v03w0oiaa1y3k68x', 'Hey 👋'),
  rhp6p4obkdehddhm6j7tqxe0: text('rhp6p4obkdehddhm6j7tqxe0', "I'm John from Dogz"),
  tizd6f2qo70g59lz1rnnvho7: text(
    'tizd6f2qo70g59lz1rnnvho7',
    "Let's determine what would be the best insurance offer you can have for your dog 🐶",
  ),
  dtvbio4qytr3iojc7tq2quvy: {
    id: 'dtvbio4qytr3iojc7tq2quvy',
    type: 'choice input',
    items: [{ id: 'm7l8u4y5vmwozvdtsmhq3q49', outgoingEdgeId: 'vl23l0ak8w2qxj9wrgxhznz3', content: "Let's go!" }],
  },
  mvdogpw4qucgot4yzabpxtcl: text('mvdogpw4qucgot4yzabpxtcl', 'What breed is your dog?'),
  f2902yy6o00fwe5h4xihrntj: {
    id: 'f2902yy6o00fwe5h4xihrntj',
    outgoingEdgeId: 'moj9ezfl6bvpr4aj76cztkiu',
    type: 'choice input',
    items: [
      { id: 'q7ydcwda7rsfn1w5ep9ur4y3', content: 'Crossbreed' },
      { id: 'q33qu26t8uhtp63rl7th4p0u', content: 'Labrador' },
      { id: 'c9fy5o23cuanywze536ie071', content: 'Golden Retriever' },
      { id: 'xmozt619ao4pn3lcovs6e1wp', content: 'Jack Russel' },
      { id: 'qhc245vs9s3vhq8oz9sur4jy', content: 'Husky' },
      { id: 'bqt7o8aotn5wwye98vw2u8is', content: 'Other' },
    ],
  },
  u4voz45sk9gh4khul8c519df: text('u4voz45sk9gh4khul8c519df', 'Is it a male or a female?'),
  zuza6om08ubafgqhbadwv60i: {
    id: 'zuza6om08ubafgqhbadwv60i',
    type: 'choice input',
    items: [
      { id: 'mrca2ini7z81ik4k1o9g3a1s', outgoingEdgeId: 'wciafstvwt3m4lhrejlgl0s0', content: '♂️ Male' },
      { id: 'ymxxgoxxbfcmnhudwmerfgbx', outgoingEdgeId: 'f60ldz2g58kfkvsfmnf39fjb', content: '♀️ Female' },
    ],
  },
  kqbiaq87al2uq07vuno69syo: text('kqbiaq87al2uq07vuno69syo', "What's his name?"),
  f9qyzjo67x7zen5q4xih3xv2: text('f9qyzjo67x7zen5q4xih3xv2', "What's her name?"),
  kxzi32ioxwqpdy9yy0ktoavu: {
    id: 'kxzi32ioxwqpdy9yy0ktoavu',
    outgoingEdgeId: 'g4do01p1scej1trqlbidbrw1',
    type: 'text input',
    options: { variableId: 'vgl2m65vej3cjwqvkawnpih2l' },
  },
  e61e41j7wdisp1yxlr78gjxs: text('e61e41j7wdisp1yxlr78gjxs', 'How cute 😊'),
  ep4iqxpgalslj0blt71rglbv: text('ep4iqxpgalslj0blt71rglbv', p('How old is ', 'Bella', '?')),
  y2fcko12ha5n9zjxickaakxt: {
    id: 'y2fcko12ha5n9zjxickaakxt',
    type: 'picture choice input',
    items: [
      {
        id: 'vliolql8p4vo58pvsz7olf5w',
        outgoingEdgeId: 'pehpu3fo38ofsgh6b9dli0i4',
        pictureSrc:
          'https://images.unsplash.com/photo-1592924728350-f7d4fd5d1655?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=Mnw0MjU2MDR8MHwxfHNlYXJjaHwxNXx8cHVwcHl8ZW58MHwwfHx8MTY4MzIyNDMxOA&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Less than 1 year',
      },
      {
        id: 'b3ci3fpppgsu312gsl4hs6au',
        outgoingEdgeId: 'ilvu55d6cmembesg0askzgzh',
        pictureSrc:
          'https://images.unsplash.com/photo-1672363340663-37526fffa24d?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=Mnw0MjU2MDR8MHwxfHNlYXJjaHwxMHx8eW91bmclMjBkb2d8ZW58MHwwfHx8MTY4MzIyNDM0OA&ixlib=rb-4.0.3&q=80&w=1080',
        title: '1-5 years',
      },
      {
        id: 'asi8dmhlwnysvm4tmvoipglz',
        outgoingEdgeId: 'kvlz0ly8o4h99997ijiejwe8',
        pictureSrc:
          'https://images.unsplash.com/photo-1587300003388-59208cc962cb?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=Mnw0MjU2MDR8MHwxfHNlYXJjaHwzfHxkb2d8ZW58MHwwfHx8MTY4MzIyNDEwNg&ixlib=rb-4.0.3&q=80&w=1080',
        title: '5-10 years',
      },
      {
        id: 'w9eeiclycv7nm0ennaxbxo1d',
        outgoingEdgeId: 'y8v7vkh236e4o4f2latpb7mr',
        pictureSrc:
          'https://images.unsplash.com/photo-1553531009-7e4b807a0673?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=Mnw0MjU2MDR8MHwxfHNlYXJjaHw4fHxvbGQlMjBkb2d8ZW58MHwwfHx8MTY4MzIyNDQxNw&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Above 10 years',
      },
    ],
  },
  zw0mfpqem8eib75qs5brnfnu: text('zw0mfpqem8eib75qs5brnfnu', p('Is ', 'she', ' spayed or neutered')),
  w8l8qekmkjwdct0f73f64yke: {
    id: 'w8l8qekmkjwdct0f73f64yke',
    type: 'choice input',
    items: [
      { id: 'njc0kol8iicj5xo06gezhl52', outgoingEdgeId: 'bindxs5p6lbkszkuw7rhpvh1', content: '❌ No' },
      { id: 'jp5k0mx1drijt7k1v4a2z6t8', outgoingEdgeId: 'igwjs895n7q48h47xhpc90wc', content: '✅ Yes' },
    ],
  },
  os3ecqb05r4todaekg0206t4: text('os3ecqb05r4todaekg0206t4', 'Thank you for all this information.'),
  v5sxfs35u83hqfsh9970flj7: text(
    'v5sxfs35u83hqfsh9970flj7',
    p('We can provide the best insurance for ', 'Bella', ' 👍'),
  ),
  sutyhv073mi6p80115jyu8s4: text('sutyhv073mi6p80115jyu8s4', 'On what email should we send the offer?'),
  ouu081yxvf9raf522k08vr6g: {
    id: 'ouu081yxvf9raf522k08vr6g',
    outgoingEdgeId: 'bw2ddpla0a4qggv8b7et3m12',
    type: 'email input',
    options: { variableId: 'vzhkagzjqqa0amfc78jekl2gz' },
  },
  ddpum0cjrd2bredvakte914k: text('ddpum0cjrd2bredvakte914k', 'Perfect 👌'),
  qabtk59h81p0fv14au584ay8: text(
    'qabtk59h81p0fv14au584ay8',
    'In the mean time feel free to check out what other services we are offering at Dogz',
  ),
} as const;

const { open } = conversationsOnTestServer();

test('dog-insurance-offer: picture choice by title, pronoun set by a branch, e-mail', async () => {
  const m = dog_insurance_offer;
  const chat = await open('dog-insurance-offer.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.wza92in5v03w0oiaa1y3k68x, m.rhp6p4obkdehddhm6j7tqxe0, m.tizd6f2qo70g59lz1rnnvho7],
        input: m.dtvbio4qytr3iojc7tq2quvy,
      }),
    ),
  );
  expect(pick(await chat.reply("Let's go!"))).toEqual(
    ok(turn({ messages: [m.mvdogpw4qucgot4yzabpxtcl], input: m.f2902yy6o00fwe5h4xihrntj })),
  );
  expect(pick(await chat.reply('Husky'))).toEqual(
    ok(turn({ messages: [m.u4voz45sk9gh4khul8c519df], input: m.zuza6om08ubafgqhbadwv60i })),
  );
  expect(pick(await chat.reply('♀️ Female'))).toEqual(
    ok(turn({ messages: [m.f9qyzjo67x7zen5q4xih3xv2], input: m.kxzi32ioxwqpdy9yy0ktoavu })),
  );
  expect(pick(await chat.reply('Bella'))).toEqual(
    ok(turn({ messages: [m.e61e41j7wdisp1yxlr78gjxs, m.ep4iqxpgalslj0blt71rglbv], input: m.y2fcko12ha5n9zjxickaakxt })),
  );
  expect(pick(await chat.reply('3 years'))).toEqual(ok(retry(m.y2fcko12ha5n9zjxickaakxt)));
  expect(pick(await chat.reply('1-5 years'))).toEqual(
    ok(turn({ messages: [m.zw0mfpqem8eib75qs5brnfnu], input: m.w8l8qekmkjwdct0f73f64yke })),
  );
  expect(pick(await chat.reply('✅ Yes'))).toEqual(
    ok(
      turn({
        messages: [m.os3ecqb05r4todaekg0206t4, m.v5sxfs35u83hqfsh9970flj7, m.sutyhv073mi6p80115jyu8s4],
        input: m.ouu081yxvf9raf522k08vr6g,
      }),
    ),
  );
  expect(pick(await chat.reply('bella@dogz.com'))).toEqual(
    ok(turn({ messages: [m.ddpum0cjrd2bredvakte914k, m.qabtk59h81p0fv14au584ay8] })),
  );
  await chat.expectEnded();
});
