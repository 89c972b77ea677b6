import { conversationsOnTestServer, EMAIL_RETRY, b, ok, p, pick, retry, text, turn } from './bot-conversation-helpers';

// Conversations over real HTTP with the lead-generation / support fixture bots
// (test/fixtures/bots). Expected messages and inputs are literals taken from
// the fixture definitions and docs/engine-behaviour.md.

/* eslint-disable @typescript-eslint/no-unused-vars */
// ---- lead-gen.json
const lead_gen = {
  sc1y8VwDabNJgiVTBi4qtif: text('sc1y8VwDabNJgiVTBi4qtif', p('Welcome to ', b('AA'), ' (Awesome Agency)')),
  s7YqZTBeyCa4Hp3wN2j922c: {
    id: 's7YqZTBeyCa4Hp3wN2j922c',
    type: 'image',
    content: {
      url: 'https://media2.giphy.com/media/XD9o33QG9BoMis7iM4/giphy.gif?cid=fe3852a3ihg8rvipzzky5lybmdyq38fhke2tkrnshwk52c7d&rid=giphy.gif&ct=g',
    },
  },
  sbjZWLJGVkHAkDqS4JQeGow: {
    id: 'sbjZWLJGVkHAkDqS4JQeGow',
    outgoingEdgeId: 'i51YhHpk1dtSyduFNf5Wim',
    type: 'choice input',
    items: [{ id: 'hQw2zbp7FDX7XYK9cFpbgC', content: 'Hi!' }],
  },
  sxeYubYN6XzhAfG7m9Fivhc: text('sxeYubYN6XzhAfG7m9Fivhc', p('Great! Nice to meet you ', 'John')),
  scQ5kduafAtfP9T8SHUJnGi: text('scQ5kduafAtfP9T8SHUJnGi', "What's the best email we can reach you at?"),
  snbsad18Bgry8yZ8DZCfdFD: {
    id: 'snbsad18Bgry8yZ8DZCfdFD',
    outgoingEdgeId: 'w3MiN1Ct38jT5NykVsgmb5',
    type: 'email input',
    options: { variableId: 'v3VFChNVSCXQ2rXv4DrJ8Ah' },
  },
  sgtE2Sy7cKykac9B223Kq9R: text('sgtE2Sy7cKykac9B223Kq9R', "What's your name?"),
  sqEsMo747LTDnY9FjQcEwUv: {
    id: 'sqEsMo747LTDnY9FjQcEwUv',
    outgoingEdgeId: '4tYbERpi5Po4goVgt6rWXg',
    type: 'text input',
    options: { variableId: 'giiLFGw5xXBCHzvp1qAbdX' },
  },
  su7HceVXWyTCzi2vv3m4QbK: text('su7HceVXWyTCzi2vv3m4QbK', 'What services are you interested in?'),
  s5VQGsVF4hQgziQsXVdwPDW: {
    id: 's5VQGsVF4hQgziQsXVdwPDW',
    outgoingEdgeId: 'ohTRakmcYJ7GdFWRZrWRjk',
    type: 'choice input',
    items: [
      { id: 'fnLCBF4NdraSwcubnBhk8H', content: 'Website dev' },
      { id: 'a782h8ynMouY84QjH7XSnR', content: 'Content Marketing' },
      { id: 'jGvh94zBByvVFpSS3w97zY', content: 'Social Media' },
      { id: '6PRLbKUezuFmwWtLVbvAQ7', content: 'UI / UX Design' },
    ],
  },
  sqR8Sz9gW21aUYKtUikq7qZ: text('sqR8Sz9gW21aUYKtUikq7qZ', 'Can you tell me a bit more about your needs?'),
  sqFy2G3C1mh9p6s3QBdSS5x: {
    id: 'sqFy2G3C1mh9p6s3QBdSS5x',
    outgoingEdgeId: 'sH5nUssG2XQbm6ZidGv9BY',
    type: 'text input',
    options: { isLong: true },
  },
  seLegenCgUwMopRFeAefqZ7: text('seLegenCgUwMopRFeAefqZ7', 'Perfect!'),
  s779Q1y51aVaDUJVrFb16vv: text('s779Q1y51aVaDUJVrFb16vv', p("We'll get back to you at ", 'john@example.com')),
} as const;
// ---- lead-magnet.json
const lead_magnet = {
  uaks8b01ec3fln8g5iq9gnv7: text('uaks8b01ec3fln8g5iq9gnv7', 'Hi there! 👋'),
  iy9brewiabfhv7ctsvdd5fg6: text(
    'iy9brewiabfhv7ctsvdd5fg6',
    p('Sign up for the newsletter and ', b("get free access to our exclusive 'Community Bundle'.")),
  ),
  immlrmjc0tnvc0rd1552c0ey: text(
    'immlrmjc0tnvc0rd1552c0ey',
    'This bundle helps you create the best Community possible for your project.',
  ),
  i1pv6t8sj9wdzoheplwj1cnr: text('i1pv6t8sj9wdzoheplwj1cnr', "What's your name?"),
  uocaxxtg26btl2zytwy09jh9: {
    id: 'uocaxxtg26btl2zytwy09jh9',
    outgoingEdgeId: 'rczh7k3r065okzax6za00lvh',
    type: 'text input',
    options: { labels: { placeholder: 'Your first name' }, variableId: 'vyu4paeim4jcjgmxr26bdk286' },
  },
  pcx0bo7egsq3il16707mkuzc: text(
    'pcx0bo7egsq3il16707mkuzc',
    p('Ok, ', 'Ada', '. What email would you like to sign up with?'),
  ),
  nu9ibw4r4q9piwl3b308bezp: {
    id: 'nu9ibw4r4q9piwl3b308bezp',
    type: 'email input',
    options: { variableId: 'vrhd0bug6b6dzgijevfoonvo2' },
    outgoingEdgeId: 'dxj0x2miwwkxsesp4chyjqek',
  },
  o6helbp9c682dur5e8bt9yov: text('o6helbp9c682dur5e8bt9yov', "What's your goal with the community?"),
  wq7yofni4bqr9rt5qrzk6928: {
    id: 'wq7yofni4bqr9rt5qrzk6928',
    outgoingEdgeId: 'on3al6xuczmckpu3roboo9te',
    type: 'choice input',
    items: [
      { id: 'ux0ly8ocxfm8i8ivdbwjnmnt', content: 'Win loyal fans' },
      { id: 'izz0nwo2iy2kmlif5fav2oc5', content: 'Competitive advantage' },
      { id: 'jtkx9v5uqjw84hapq3umqlb5', content: 'Better product' },
      { id: 'k7a7rkpoigrtrulilap7q6fw', content: 'Support' },
    ],
    options: { variableId: 'vf49immob0ih3kxn5b0nraqkq' },
  },
  tfqqveo72xt7i7ii9imztcd4: text(
    'tfqqveo72xt7i7ii9imztcd4',
    'Perfect, your bundle will be emailed to you right away 🚀',
  ),
  dzcw0vwo23vhp2nwyxl99va8: text('dzcw0vwo23vhp2nwyxl99va8', 'Want to know how to win loyal fans?'),
  yh8ueuio717ceybrcsqa1ekq: text('yh8ueuio717ceybrcsqa1ekq', 'Check out this video:'),
  z3ffqugex7gipsb4ke6ov874: {
    id: 'z3ffqugex7gipsb4ke6ov874',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  anu87wo53n3ihq4xl8smprwg: text(
    'anu87wo53n3ihq4xl8smprwg',
    'Want to know how to have a great competitive advantage with your community?',
  ),
  ku2scubf21eqnip3ig3rc7n9: text('ku2scubf21eqnip3ig3rc7n9', 'Check out this video:'),
  rvdh4tk0ebg7t9tdga9aw8ao: {
    id: 'rvdh4tk0ebg7t9tdga9aw8ao',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  ysedrtj5q17usk5ezpa5g88e: text(
    'ysedrtj5q17usk5ezpa5g88e',
    'Want to know how to improve your product by leveraging a community?',
  ),
  xy08sticb76u82sgcfaeqpe2: text('xy08sticb76u82sgcfaeqpe2', 'Check out this video:'),
  jiz2uvo89456jpy081hazkd4: {
    id: 'jiz2uvo89456jpy081hazkd4',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
  lu0bevnjfkor1ugbnbkev7t3: text('lu0bevnjfkor1ugbnbkev7t3', 'Want to offer better support with a community?'),
  jrhdfrdn4gdstpktq1q0gk1q: text('jrhdfrdn4gdstpktq1q0gk1q', 'Check out this video:'),
  e3tlj1y4vyhtwcabzifv63q2: {
    id: 'e3tlj1y4vyhtwcabzifv63q2',
    type: 'video',
    content: { url: 'https://www.youtube.com/watch?v=jp3ggg_42-M&t=22s', id: 'jp3ggg_42-M', type: 'youtube' },
  },
} as const;
// ---- lead-scoring.json
const lead_scoring = {
  cl1sep1cc001x2e6eikrwf9jy: text('cl1sep1cc001x2e6eikrwf9jy', 'Hi! 👋'),
  cl1sep7jn001y2e6ez7ee7eiw: text('cl1sep7jn001y2e6ez7ee7eiw', "I'm glad you are intersted in our services."),
  cl1seyazl00252e6e3zsbosvm: text('cl1seyazl00252e6e3zsbosvm', "I'll need to know a little more about you"),
  cl1sern9200212e6esrid307i: text('cl1sern9200212e6esrid307i', 'Do you work with a specific company?'),
  cl1ses31000222e6ebrb4wxo0: {
    id: 'cl1ses31000222e6ebrb4wxo0',
    type: 'choice input',
    items: [
      { id: 'cl1ses31100232e6eq3nnp2mm', outgoingEdgeId: 'cl1sezo4z00292e6ean8s487x', content: 'Yes' },
      { id: 'cl1ses3y400242e6e1qjwkhq4', outgoingEdgeId: 'cl1sfertf004i2e6epf68fwri', content: 'No' },
    ],
  },
  cl1sez6zt00272e6ecsefq05y: text('cl1sez6zt00272e6ecsefq05y', 'Which company?'),
  cl1sezlw700282e6eozkzmed0: {
    id: 'cl1sezlw700282e6eozkzmed0',
    outgoingEdgeId: 'cl1sf1mm0002h2e6eurv21l5n',
    type: 'text input',
    options: { variableId: 'vcl1sf93s2003l2e6eojomb66g' },
  },
  cl1sf0ohc002e2e6egrjoj10z: text('cl1sf0ohc002e2e6egrjoj10z', 'How many employees is your team composed of?'),
  cl1sf1er7002f2e6eakhc25yy: {
    id: 'cl1sf1er7002f2e6eakhc25yy',
    type: 'number input',
    options: { variableId: 'vcl1sf1ko5002g2e6egjmyb16v' },
  },
  cl1sf4ql500342e6ebj863aex: text('cl1sf4ql500342e6ebj863aex', 'Where are you based?'),
  cl1sf4z8n00352e6ejypaeinl: {
    id: 'cl1sf4z8n00352e6ejypaeinl',
    type: 'text input',
    options: { labels: { placeholder: 'Type your country...' }, variableId: 'vcl1sf525q00362e6eoyosycte' },
  },
  cl1sf85bm003j2e6e04d210vs: text('cl1sf85bm003j2e6e04d210vs', 'Thank you for answering these questions'),
  cl1sfcqjw003z2e6ebmyzey4o: text('cl1sfcqjw003z2e6ebmyzey4o', "What's your job role?"),
  cl1sfbbw3003t2e6e16ec9w29: {
    id: 'cl1sfbbw3003t2e6e16ec9w29',
    outgoingEdgeId: 'cl1sfek9r004e2e6elkh3h7a2',
    type: 'choice input',
    items: [
      { id: 'cl1sfbbw3003u2e6e7luhj0n1', content: 'UI/UX Designer' },
      { id: 'cl1sfbq6z003v2e6egnctk2n2', content: 'Product Owner' },
      { id: 'cl1sfbtz8003w2e6eodbt4ogs', outgoingEdgeId: 'cl1sfebs9004a2e6ere0zokyo', content: 'Marketing Officer' },
      { id: 'cl1sfc545003x2e6e833juo6m', outgoingEdgeId: 'cl1sfedcd004b2e6eerh8hz33', content: 'Developer' },
    ],
  },
  cl1sfgwox004o2e6evzi0n7hk: text(
    'cl1sfgwox004o2e6evzi0n7hk',
    'Our service is specifically designed for your situation.',
  ),
  cl1sfhz4f004p2e6esidqktmr: text('cl1sfhz4f004p2e6esidqktmr', "We'll get back to you ASAP. 👋"),
  cl1sfgjnr004m2e6e63sqh0dh: text('cl1sfgjnr004m2e6e63sqh0dh', "Our service doesn't seem to suit your need."),
  cl1sfikh5004q2e6elyvzgd0s: text('cl1sfikh5004q2e6elyvzgd0s', "We'll still send you valuable content by email."),
  cl1sfitz4004r2e6e3ge4x7uy: text('cl1sfitz4004r2e6e3ge4x7uy', 'Bye bye 👋'),
} as const;
// ---- dog-insurance-offer.json
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
// ---- onboarding.json
const onboarding = {
  cl1267q2c000e2e6dynjeg83n: text('cl1267q2c000e2e6dynjeg83n', 'Welcome 👋'),
  cl1267y1u000f2e6d4rlglv6g: text('cl1267y1u000f2e6d4rlglv6g', "What's your name?"),
  cl126820m000g2e6dfleq78bt: {
    id: 'cl126820m000g2e6dfleq78bt',
    outgoingEdgeId: 'j6x356fbxo32zd9ezje77t4j',
    type: 'text input',
    options: { variableId: 'cl126f4hf000i2e6d8zvzc3t1' },
  },
  cl1266v6f000a2e6db7wj3ux7: text('cl1266v6f000a2e6db7wj3ux7', p('Welcome ', 'Jane', ' 👋')),
  cl126hb9m000l2e6d5qk3mohn: text(
    'cl126hb9m000l2e6d5qk3mohn',
    "I'm super pumped that you've decided to try out Typebot 😍",
  ),
  cl126hpw1000m2e6dneousygl: text(
    'cl126hpw1000m2e6dneousygl',
    'You are small steps away from meaningful, hyper-personalized experience for your users',
  ),
  cl126guhd000k2e6d6ypkex9z: text('cl126guhd000k2e6d6ypkex9z', "Let's get you set up for your Typebot journey."),
  cl126ixp9000q2e6dslh0zypi: text('cl126ixp9000q2e6dslh0zypi', 'Do you work for a specific company?'),
  cl126jb2q000r2e6dgqlnxnt8: {
    id: 'cl126jb2q000r2e6dgqlnxnt8',
    type: 'choice input',
    items: [
      { id: 'cl126jb2q000s2e6dm60yq5p2', content: 'Yes' },
      { id: 'cl126jc5a000t2e6dqv91w7j6', outgoingEdgeId: 'dhva247te6v1cwfbte78bx4v', content: 'No' },
    ],
  },
  cl126jioz000v2e6dwrk1f2cb: {
    id: 'cl126jioz000v2e6dwrk1f2cb',
    outgoingEdgeId: 'c5qdoivxsbhu1mkxkmw9yxft',
    type: 'text input',
    options: { labels: { placeholder: 'Type the company name...' }, variableId: 'cl126jqww000w2e6dq9yv4ifq' },
  },
  cl126krck00112e6d1m6ctxpn: text(
    'cl126krck00112e6d1m6ctxpn',
    'What type of bots are you planning to build with Typebot?',
  ),
  cl126lb8v00142e6duv5qe08l: {
    id: 'cl126lb8v00142e6duv5qe08l',
    type: 'choice input',
    items: [
      { id: 'cl126onz9001g2e6dk0nbjeu6', content: 'Lead qualification' },
      { id: 'cl126lm6c00172e6d1pfvdiju', content: 'Customer support' },
      { id: 'cl126orr2001h2e6d0fqs7737', content: 'Customer research' },
      { id: 'cl126oudu001i2e6dktwi7qwv', content: 'User onboarding' },
      { id: 'cl126luv500192e6dl317ssyr', content: 'Quizzes' },
      { id: 'cl126lz8q001a2e6d8b9lb3b5', content: 'Content distribution' },
      { id: 'cl126nf7k001d2e6dg2zczjgz', content: 'FAQ' },
      { id: 'cl126ngy8001e2e6ddfo5s9fm', content: 'Other' },
    ],
    options: { variableId: 'cl126mo3t001b2e6dvyi16bkd', isMultipleChoice: true },
  },
  cl126p76d001k2e6dbhnf2ysq: text('cl126p76d001k2e6dbhnf2ysq', 'Thank you for answering those questions!'),
  cl126rfy6001t2e6d21gcb6b0: {
    id: 'cl126rfy6001t2e6d21gcb6b0',
    type: 'image',
    content: {
      url: 'https://media4.giphy.com/media/l0amJzVHIAfl7jMDos/giphy.gif?cid=fe3852a3i4c33635xdtj3nesr9uq4zteujaab6b0jr42gpxx&rid=giphy.gif&ct=g',
    },
  },
  agi2i9xxed4jvv40rnrkf23r: text('agi2i9xxed4jvv40rnrkf23r', 'See you soon 🚀'),
  cl127yxym000b2e6d9hksxo6h: text('cl127yxym000b2e6d9hksxo6h', 'What else?'),
  cl126pv7n001o2e6dajltc4qz: {
    id: 'cl126pv7n001o2e6dajltc4qz',
    outgoingEdgeId: 'vk0mgizwhw761s9eo9lx88yv',
    type: 'text input',
    options: { variableId: 'cl126q38p001q2e6d0hj23f6b' },
  },
} as const;
// ---- faq.json
const faq = {
  cl96ns9qr00053b6igebgtl5q: text(
    'cl96ns9qr00053b6igebgtl5q',
    "If you have a question about our product, you're in the right place 😊",
  ),
  cl96nv877000b3b6i7p69ss2o: {
    id: 'cl96nv877000b3b6i7p69ss2o',
    type: 'choice input',
    items: [
      { id: 'cl96nv877000c3b6idyepv694', outgoingEdgeId: 'cl96o2u6h000t3b6izmh4pguj', content: "What's Analyzr?" },
      {
        id: 'cl96nvcwi000d3b6ipyfzcyaw',
        outgoingEdgeId: 'cl96o6hxh00173b6ix83nn581',
        content: 'Can I use your tool for free?',
      },
      {
        id: 'cl96obwgy001k3b6ir1a8qk5w',
        outgoingEdgeId: 'cl96ofn4s001q3b6i482xx6jp',
        content: 'Tell me about the company',
      },
      {
        id: 'cl96nvstv000e3b6itm8cj1s5',
        outgoingEdgeId: 'cl96ogaa0001x3b6izae2alxq',
        content: 'I have another question',
      },
    ],
  },
  cl96nt9ob00073b6ionlvakha: text('cl96nt9ob00073b6ionlvakha', 'Hey there 👋'),
  cl96ntraa00083b6ij922v2qh: text(
    'cl96ntraa00083b6ij922v2qh',
    "I'm John, head of the customer success Team at Analyzr",
  ),
  cl96o2cgi000s3b6ikdv6iogz: text(
    'cl96o2cgi000s3b6ikdv6iogz',
    'Analyzr is a simple and privacy-friendly analytics tool for your website',
  ),
  cl96o3260000u3b6i9czqm52g: text(
    'cl96o3260000u3b6i9czqm52g',
    'It is:',
    '✅ Lightweight',
    '✅ Open-source',
    '✅ Fully compliant with GDPR',
  ),
  cl96o55z3000x3b6ikq14g2tu: {
    id: 'cl96o55z3000x3b6ikq14g2tu',
    type: 'choice input',
    items: [{ id: 'cl96o55z3000y3b6idpn54byw', content: 'Sounds good!' }],
  },
  cl96o6a2700133b6ii5n027h2: text('cl96o6a2700133b6ii5n027h2', 'You can!'),
  cl96o6a2700143b6ija9jqhky: text(
    'cl96o6a2700143b6ija9jqhky',
    'Analyzr has a generous free plan that allows you to store 1,000,000 events/mo 🚀',
  ),
  cl96o6a2700153b6il1wj2aev: {
    id: 'cl96o6a2700153b6il1wj2aev',
    type: 'choice input',
    items: [
      { id: 'cl96o6a2700163b6i818ywnqv', outgoingEdgeId: 'n4rgj2fmqrmnkvo9m9ebzak7', content: 'Awesome!' },
      { id: 'cl96o83lo00183b6igen42ivq', outgoingEdgeId: 'cl96oa83f001h3b6i81wodnjx', content: "What's an event?" },
    ],
  },
  cl96o8eyn001b3b6icmbgg7lw: text('cl96o8eyn001b3b6icmbgg7lw', 'An event is a user event on your website.'),
  cl96o990s001c3b6ie2jjefhf: text(
    'cl96o990s001c3b6ie2jjefhf',
    'It can be "User visited this URL" or "User clicked on this button"',
  ),
  cl96o9xba001d3b6i9004l33e: {
    id: 'cl96o9xba001d3b6i9004l33e',
    type: 'choice input',
    items: [{ id: 'cl96o9xbd001e3b6i6ag5ooo7', content: 'Ok, got it!' }],
  },
  cl96ods3i001o3b6iiyboljuf: text('cl96ods3i001o3b6iiyboljuf', 'The company was founded in 2020 by Josh Corn'),
  cl96oc277001n3b6if8wv6hzl: text('cl96oc277001n3b6if8wv6hzl', 'We are now a team of 15'),
  cl96oenlh001p3b6iutaiw9wl: text(
    'cl96oenlh001p3b6iutaiw9wl',
    'Our core values are:',
    '',
    '🔍 Transparency',
    '⚡ Ship fast',
    '💙 Awesome customer support',
  ),
  cl96oftnv001r3b6ixen8g0bv: {
    id: 'cl96oftnv001r3b6ixen8g0bv',
    type: 'choice input',
    items: [{ id: 'cl96oftnv001s3b6i7kjyq7me', content: 'Cool!' }],
  },
  cl96og2yu001w3b6ijqgstubu: text('cl96og2yu001w3b6ijqgstubu', 'Sure, no problem!'),
  cl96ogmjx001y3b6iwfosloet: {
    id: 'cl96ogmjx001y3b6iwfosloet',
    outgoingEdgeId: 'cl96ohn9900213b6ibex8g6my',
    type: 'text input',
    options: { labels: { placeholder: 'Type your question...' }, isLong: true },
  },
  cl96oh3mn00203b6iahw2x1ns: text(
    'cl96oh3mn00203b6iahw2x1ns',
    "Alright, we'll reach out to you very soon. Thank you so much 💙",
  ),
} as const;
// ---- digital-product-payment.json
const digital_product_payment = {
  cl3u4431500052e6gruhlxklx: text('cl3u4431500052e6gruhlxklx', 'Hi there 👋'),
  cl3u4592z00082e6go92cuu43: text('cl3u4592z00082e6go92cuu43', "What's your name?"),
  cl3u45f0n000a2e6gci2xgmph: {
    id: 'cl3u45f0n000a2e6gci2xgmph',
    outgoingEdgeId: 'cl3u45j0n000c2e6go4nnaavg',
    type: 'text input',
    options: { labels: { placeholder: 'Type your name...' }, variableId: 'vcl3u45hek000b2e6gkl05z1da' },
  },
  cl3u45lqz000d2e6gxo4n5ets: text('cl3u45lqz000d2e6gxo4n5ets', p('Cool, nice to meet you ', 'Sam')),
  cl3u44adg00072e6gc13e1n12: text(
    'cl3u44adg00072e6gc13e1n12',
    "I've been working on a Notion template for the last 3 months to help you Grow your business.",
  ),
  cl3u46b0i000e2e6gkpf4qiry: text('cl3u46b0i000e2e6gkpf4qiry', 'It is based on the Bullseye Growth Framework'),
  cl3u49lmg000f2e6guhhgf825: {
    id: 'cl3u49lmg000f2e6guhhgf825',
    type: 'video',
    content: { url: 'https://typebot.s3.eu-west-3.amazonaws.com/assets/bullseye+template+preview.mp4', type: 'url' },
  },
  cl3u4hyl9000i2e6gtdz8m04b: text('cl3u4hyl9000i2e6gtdz8m04b', "It's yours for $9"),
  cl3u4hyl9000i2e6gtdz8m04a: text(
    'cl3u4hyl9000i2e6gtdz8m04a',
    'Are you interested in receive a copy of this template?',
  ),
  cl3u4id67000l2e6gahw4v1ny: {
    id: 'cl3u4id67000l2e6gahw4v1ny',
    type: 'choice input',
    items: [
      { id: 'cl3u4id67000m2e6g3x3do8kd', outgoingEdgeId: 'cl3u4l4do00102e6ghd9s5p3f', content: 'Hell yes!' },
      { id: 'cl3u4iexy000o2e6gbagmrxcc', outgoingEdgeId: 'cl3u4jxq2000v2e6gkpwko0uo', content: "I'm ok, thanks." },
    ],
  },
  cl3u4iw29000t2e6gakbxvz4u: text(
    'cl3u4iw29000t2e6gakbxvz4u',
    p('Oh ok, feel free to come back when you feel ready ', 'Sam', '!'),
  ),
  cl3u4jcyt000u2e6gzyj2p5ss: {
    id: 'cl3u4jcyt000u2e6gzyj2p5ss',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/48FhEMYGWji8/giphy.gif?cid=fe3852a32dqdmhdazal2zzctxpxukjx171k0e4eflp0w36jf&rid=giphy.gif&ct=g',
    },
  },
  cl3u4kblb000x2e6g49rot8h0: text('cl3u4kblb000x2e6g49rot8h0', "That's awesome!"),
  cl3u4khsx000y2e6gx9iysgt4: text(
    'cl3u4khsx000y2e6gx9iysgt4',
    "What's the email address where you want to receive the link?",
  ),
  cl3u4l2et000z2e6gjlmh45jp: {
    id: 'cl3u4l2et000z2e6gjlmh45jp',
    outgoingEdgeId: 'dstr8midu9f0x6ylyet7dljw',
    type: 'email input',
    options: { variableId: 'vcl3u4n1vk00162e6gs6x59o2k' },
  },
  cl3u4leig00122e6gqx7skfhb: text('cl3u4leig00122e6gqx7skfhb', 'Sounds good.'),
  cl3u4llj300132e6gciw2ivyv: text(
    'cl3u4llj300132e6gciw2ivyv',
    "You're a step away from implementing proven growth systems to your business 🚀",
  ),
  cl3u4mjq900152e6grwyg90zt: {
    id: 'cl3u4mjq900152e6grwyg90zt',
    outgoingEdgeId: 'cl3u4wynv001b2e6g6pxc7int',
    type: 'payment input',
    options: { additionalInformation: { name: '{{Name}}', email: '{{Email}}' }, amount: '9' },
  },
  cl3u4wi2d001a2e6gznp1r9d4: {
    id: 'cl3u4wi2d001a2e6gznp1r9d4',
    type: 'image',
    content: {
      url: 'https://media1.giphy.com/media/s2qXK8wAvkHTO/giphy.gif?cid=fe3852a3edx7hsbquhw3lu17c422yzc6wsiplnpn02rzm2kf&rid=giphy.gif&ct=g',
    },
  },
  cl3u5189q001d2e6gd1q7qshq: text('cl3u5189q001d2e6gd1q7qshq', "It's all good, you should have received the email!"),
  cl3u51mpe001e2e6ggrjjzxek: text('cl3u51mpe001e2e6ggrjjzxek', 'Thanks again for your visit.'),
  cl3u51z0o001f2e6gbl96p7bi: text('cl3u51z0o001f2e6gbl96p7bi', 'Bye 👋'),
  unw1076x8ematnu6jrbop8sv: text(
    'unw1076x8ematnu6jrbop8sv',
    'You need to add your Stripe credentials in the next Payment block.',
  ),
  ck19ttflkp6mbxnxpnyxp7vh: text(
    'ck19ttflkp6mbxnxpnyxp7vh',
    'Once it\'s done, you can remove this group and connect the email input to the "Payment" group 🪄',
  ),
} as const;
// ---- high-ticket-lead-follow-up.json
const high_ticket_lead_follow_up = {
  j4i5syifxmq7650xfz8bnd1o: text('j4i5syifxmq7650xfz8bnd1o', 'Hey there 👋'),
  w0a7mlbjj0ryfbfpukf3yj89: text('w0a7mlbjj0ryfbfpukf3yj89', 'Baptiste from AgenZ here.'),
  n9sc6rrsb49jqwzv7udqr4c9: text('n9sc6rrsb49jqwzv7udqr4c9', 'Thank you for downloading the ebook!'),
  le64m3unjanvtuchvc8q5k2g: text('le64m3unjanvtuchvc8q5k2g', 'I have a few questions, do you have a minute?'),
  nq6t2hj5fnokmtjnse65hbtg: {
    id: 'nq6t2hj5fnokmtjnse65hbtg',
    type: 'choice input',
    items: [{ id: 'g1g24q5d198iv7gtqm5ics7k', outgoingEdgeId: 'ybsw3vxq9dubcsfnlrf54a7p', content: 'Sure!' }],
  },
  rowpy0lwuecc83xecbb8tzcn: text('rowpy0lwuecc83xecbb8tzcn', 'Awesome!'),
  jucfgkm87gptw5fbqkq6qk7d: text('jucfgkm87gptw5fbqkq6qk7d', "What's your current business?"),
  aaxyzry2gknzkb3n1vy19vh3: {
    id: 'aaxyzry2gknzkb3n1vy19vh3',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq', isLong: true },
  },
  x7jrbbl5ria15ru7fsdpagzm: text('x7jrbbl5ria15ru7fsdpagzm', '{{Assistant message}}'),
  ytr05wecrwgwsikldha4qvf4: text('ytr05wecrwgwsikldha4qvf4', '{{Assistant message}}'),
  io8uxdkwwetdj0pxhq17k5yl: text(
    'io8uxdkwwetdj0pxhq17k5yl',
    "To give me an idea, what's your average revenue per year?",
  ),
  az31puebiu8jqql6g6goigox: {
    id: 'az31puebiu8jqql6g6goigox',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq' },
  },
  htbzhd7dzgh9ki2n2jzd6rf8: text('htbzhd7dzgh9ki2n2jzd6rf8', '{{Assistant message}}'),
  zjq6mhd46kjltwrthqpdsn1a: text('zjq6mhd46kjltwrthqpdsn1a', '{{Assistant message}}'),
  qr8arjing6afyxfbwgru2qv7: text('qr8arjing6afyxfbwgru2qv7', 'So why are you interested in SEO right now?'),
  cfrzcq8ik59r2ch1rn0vkacn: {
    id: 'cfrzcq8ik59r2ch1rn0vkacn',
    type: 'text input',
    options: { variableId: 'vct90f8lq4uuyqupv6qco5jfq', isLong: true },
  },
  m8rkhpa1qqhy79jappfseu86: text('m8rkhpa1qqhy79jappfseu86', '{{Assistant message}}'),
  n8i5dsuppyls7gry3vv1ruzu: text(
    'n8i5dsuppyls7gry3vv1ruzu',
    'Would you be up for a quick meeting?',
    '',
    'I can offer you a free consulting call.',
  ),
  ouyz1d539vr5hck6cthmszg6: text('ouyz1d539vr5hck6cthmszg6', '<INSERT YOUR CAL.COM BLOCK HERE>'),
  j87l3ef5tpji9lpqeb1x1jab: text(
    'j87l3ef5tpji9lpqeb1x1jab',
    'You need to add your Mistral AI credentials to make this bot work. 🪄',
  ),
  xsfpajnunr48xf9niv1zuoiv: text(
    'xsfpajnunr48xf9niv1zuoiv',
    'You can also convert the Mistral blocks to any AI compatible blocks.',
  ),
  fwrkxexujzmud7p02ehm8s79: text(
    'fwrkxexujzmud7p02ehm8s79',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Intro'), ' 🚀'),
  ),
} as const;
// ---- customer-support.json
const customer_support = {
  spud6U3K1omh2dZG8yN2CW4: text('spud6U3K1omh2dZG8yN2CW4', 'Hey friend 👋', 'How can I help you?'),
  s6kp2Z4igeY3kL7B64qBdUg: {
    id: 's6kp2Z4igeY3kL7B64qBdUg',
    type: 'choice input',
    items: [
      {
        id: 'fQ8oLDnKmDBuPDK7riJ2kt',
        outgoingEdgeId: 'dhniFxrsH5r54aEE5JXwK2',
        content: 'I have a feature request ✨',
      },
      { id: 'h2rFDX2UnKS4Kdu3Eyuqq3', outgoingEdgeId: '2C4mhU5o2Hdm7dztR9xNE9', content: 'There is a bug 🐛' },
      { id: 'hcUFBPeQA3gSyXRprRk2v9', outgoingEdgeId: 'bTo6CZD1YapDDyVdvJgFDV', content: 'I have a question 💭' },
    ],
  },
  sjsECyfSBMkUnoWaEnBTmJX: text('sjsECyfSBMkUnoWaEnBTmJX', 'Shoot! 🤪'),
  seomQsnPWgiMzQVeZ3us7x2: text(
    'seomQsnPWgiMzQVeZ3us7x2',
    'Can you describe the bug with as many details as possible?',
  ),
  s3LYyyYtjdQ88jkMMV5DSW7: {
    id: 's3LYyyYtjdQ88jkMMV5DSW7',
    outgoingEdgeId: 'cl1571jhh00022e6dk77f52wg',
    type: 'text input',
    options: { labels: { placeholder: 'Describe the bug...' }, variableId: 'v51BcuecnB6kRU1tsttaGyR', isLong: true },
  },
  s9bgHcWdobb8Z5cTbrnTz6R: text('s9bgHcWdobb8Z5cTbrnTz6R', 'Awesome!'),
  s2NbNaBGKhMvdEUdVPXKZjy: text(
    's2NbNaBGKhMvdEUdVPXKZjy',
    'Head up to the feedback board.',
    '',
    {
      type: 'p',
      children: [
        { text: '👉 ' },
        {
          url: 'https://app.typebot.com/feedback',
          type: 'a',
          children: [{ text: 'https://app.typebot.com/feedback' }],
        },
        { text: '' },
      ],
    },
    '',
    "There, you'll be able to check existing feature requests and submit yours if it's missing 💪",
  ),
  cl16lb3b300092e6dh4h01vxw: {
    id: 'cl16lb3b300092e6dh4h01vxw',
    type: 'choice input',
    items: [{ id: 'cl16lb3b3000a2e6dy8zdhzpz', content: 'Restart' }],
  },
  sm4iHhLQs9yNdRG3b7xqV8Y: text('sm4iHhLQs9yNdRG3b7xqV8Y', {
    type: 'p',
    children: [
      { text: "First, don't forget to check out the " },
      { url: 'https://docs.typebot.com/', type: 'a', children: [{ text: 'Documentation 🙏' }] },
    ],
  }),
  sreX6rwMevEmbTpnkGCtp3k: text('sreX6rwMevEmbTpnkGCtp3k', "Otherwise, I'm all ears!"),
  so4GiKFWWjKCjXgmMJYCGbe: {
    id: 'so4GiKFWWjKCjXgmMJYCGbe',
    type: 'image',
    content: {
      url: 'https://media0.giphy.com/media/rhgwg4qBu97ISgbfni/giphy-downsized.gif?cid=fe3852a3wimy48e55djt23j44uto7gdlu8ksytylafisvr0q&rid=giphy-downsized.gif&ct=g',
    },
  },
  sjd4qACugMarB7gJC8nMhb3: {
    id: 'sjd4qACugMarB7gJC8nMhb3',
    outgoingEdgeId: 'cl1571ktd00032e6dyti22850',
    type: 'text input',
    options: { variableId: 'v51BcuecnB6kRU1tsttaGyR', isLong: true },
  },
  s6uLw72EAKbACrpYHr7DSyY: text('s6uLw72EAKbACrpYHr7DSyY', 'Thank you so much for your submission 💙'),
  stM7cTBFCLhpQagRHT64K6u: text('stM7cTBFCLhpQagRHT64K6u', "I'll get back to you ASAP (usually within 24 hours)"),
  s4JATFkBxzmcqqEKQB2xFfa: {
    id: 's4JATFkBxzmcqqEKQB2xFfa',
    type: 'choice input',
    items: [{ id: 'jqm8wZa5yYb73493n5s3Uc', content: 'Restart' }],
  },
  soiDpBL5r1dbvHxuT2Sd3mH: text('soiDpBL5r1dbvHxuT2Sd3mH', 'On which email can I contact you?'),
  s5Fh7zHUw3j4zDM5xjzwsXB: {
    id: 's5Fh7zHUw3j4zDM5xjzwsXB',
    outgoingEdgeId: 'cl1571xtc00042e6dcptam5jw',
    type: 'email input',
    options: { variableId: 't2k6cj3uYfNdJX13APA4b9' },
  },
} as const;

const { open, current } = conversationsOnTestServer();

test('lead-gen: invalid button (case-sensitive), invalid e-mail, normalised e-mail, end of flow', async () => {
  const m = lead_gen;
  const chat = await open('lead-gen.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.sc1y8VwDabNJgiVTBi4qtif, m.s7YqZTBeyCa4Hp3wN2j922c],
        input: m.sbjZWLJGVkHAkDqS4JQeGow,
      }),
    ),
  );
  expect(pick(await chat.reply('hi!'))).toEqual(ok(retry(m.sbjZWLJGVkHAkDqS4JQeGow)));
  expect(pick(await chat.reply('Hi!'))).toEqual(
    ok(turn({ messages: [m.sgtE2Sy7cKykac9B223Kq9R], input: m.sqEsMo747LTDnY9FjQcEwUv })),
  );
  expect(pick(await chat.reply('John'))).toEqual(
    ok(turn({ messages: [m.sxeYubYN6XzhAfG7m9Fivhc, m.scQ5kduafAtfP9T8SHUJnGi], input: m.snbsad18Bgry8yZ8DZCfdFD })),
  );
  expect(pick(await chat.reply('john@'))).toEqual(ok(retry(m.snbsad18Bgry8yZ8DZCfdFD, EMAIL_RETRY)));
  expect(pick(await chat.reply({ type: 'text', text: 'JOHN@Example.com' }))).toEqual(
    ok(
      turn({
        messages: [m.su7HceVXWyTCzi2vv3m4QbK],
        input: m.s5VQGsVF4hQgziQsXVdwPDW,
        lastMessageNewFormat: 'john@example.com',
      }),
    ),
  );
  expect(pick(await chat.reply('Social Media'))).toEqual(
    ok(turn({ messages: [m.sqR8Sz9gW21aUYKtUikq7qZ], input: m.sqFy2G3C1mh9p6s3QBdSS5x })),
  );
  expect(pick(await chat.reply('A new website'))).toEqual(
    ok(turn({ messages: [m.seLegenCgUwMopRFeAefqZ7, m.s779Q1y51aVaDUJVrFb16vv] })),
  );
  await chat.expectEnded();
});

test('lead-magnet: the Email block without SMTP settings logs it and the flow goes on, condition on the chosen goal, YouTube video', async () => {
  const m = lead_magnet;
  const chat = await open('lead-magnet.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.uaks8b01ec3fln8g5iq9gnv7,
          m.iy9brewiabfhv7ctsvdd5fg6,
          m.immlrmjc0tnvc0rd1552c0ey,
          m.i1pv6t8sj9wdzoheplwj1cnr,
        ],
        input: m.uocaxxtg26btl2zytwy09jh9,
      }),
    ),
  );
  expect(pick(await chat.reply('Ada'))).toEqual(
    ok(turn({ messages: [m.pcx0bo7egsq3il16707mkuzc], input: m.nu9ibw4r4q9piwl3b308bezp })),
  );
  expect(pick(await chat.reply('ada at example'))).toEqual(ok(retry(m.nu9ibw4r4q9piwl3b308bezp, EMAIL_RETRY)));
  expect(pick(await chat.reply('ada@example.com'))).toEqual(
    ok(
      turn({
        messages: [m.o6helbp9c682dur5e8bt9yov],
        input: m.wq7yofni4bqr9rt5qrzk6928,
        // The result keeps the e-mail's log; the visitor gets none (reference filterPotentiallySensitiveLogs).
        logs: [],
      }),
    ),
  );
  expect(pick(await chat.reply('Nothing'))).toEqual(ok(retry(m.wq7yofni4bqr9rt5qrzk6928)));
  expect(pick(await chat.reply('Support'))).toEqual(
    ok(
      turn({
        messages: [
          m.tfqqveo72xt7i7ii9imztcd4,
          m.lu0bevnjfkor1ugbnbkev7t3,
          m.jrhdfrdn4gdstpktq1q0gk1q,
          // Video URLs: a youtube.com/watch URL is reduced to its matched part (only youtu.be links carry queryParamsStr);
          {
            id: 'e3tlj1y4vyhtwcabzifv63q2',
            type: 'video',
            content: { type: 'youtube', id: 'jp3ggg_42-M', url: 'youtube.com/watch?v=jp3ggg_42-M' },
          },
        ],
      }),
    ),
  );
  await chat.expectEnded();
});

test('lead-scoring: number input (invalid then valid), conditions, Set variable arithmetic', async () => {
  const m = lead_scoring;
  const chat = await open('lead-scoring.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.cl1sep1cc001x2e6eikrwf9jy,
          m.cl1sep7jn001y2e6ez7ee7eiw,
          m.cl1seyazl00252e6e3zsbosvm,
          m.cl1sern9200212e6esrid307i,
        ],
        input: m.cl1ses31000222e6ebrb4wxo0,
      }),
    ),
  );
  expect(pick(await chat.reply('Yes'))).toEqual(
    ok(turn({ messages: [m.cl1sez6zt00272e6ecsefq05y], input: m.cl1sezlw700282e6eozkzmed0 })),
  );
  expect(pick(await chat.reply('Acme'))).toEqual(
    ok(turn({ messages: [m.cl1sf0ohc002e2e6egrjoj10z], input: m.cl1sf1er7002f2e6eakhc25yy })),
  );
  expect(pick(await chat.reply('many'))).toEqual(ok(retry(m.cl1sf1er7002f2e6eakhc25yy)));
  // 42 > 30: "Add 20" then Q3
  expect(pick(await chat.reply('42'))).toEqual(
    ok(turn({ messages: [m.cl1sfcqjw003z2e6ebmyzey4o], input: m.cl1sfbbw3003t2e6e16ec9w29 })),
  );
  expect(pick(await chat.reply('Developer'))).toEqual(
    ok(turn({ messages: [m.cl1sf4ql500342e6ebj863aex], input: m.cl1sf4z8n00352e6ejypaeinl })),
  );
  // not "United States": Else edge to Filtering; Lead Score = 10 + 20 + 20 = 50 > 20 → qualified
  expect(pick(await chat.reply('France'))).toEqual(
    ok(turn({ messages: [m.cl1sf85bm003j2e6e04d210vs, m.cl1sfgwox004o2e6evzi0n7hk, m.cl1sfhz4f004p2e6esidqktmr] })),
  );
  await chat.expectEnded();
});

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

test('onboarding: item without edge continues in the group, multiple choice normalised, Contains condition', async () => {
  const m = onboarding;
  const chat = await open('onboarding.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl1267q2c000e2e6dynjeg83n, m.cl1267y1u000f2e6d4rlglv6g],
        input: m.cl126820m000g2e6dfleq78bt,
      }),
    ),
  );
  expect(pick(await chat.reply('Jane'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl1266v6f000a2e6db7wj3ux7,
          m.cl126hb9m000l2e6d5qk3mohn,
          m.cl126hpw1000m2e6dneousygl,
          m.cl126guhd000k2e6d6ypkex9z,
          m.cl126ixp9000q2e6dslh0zypi,
        ],
        input: m.cl126jb2q000r2e6dgqlnxnt8,
      }),
    ),
  );
  expect(pick(await chat.reply('yes'))).toEqual(ok(retry(m.cl126jb2q000r2e6dgqlnxnt8)));
  expect(pick(await chat.reply('Yes'))).toEqual(ok(turn({ messages: [], input: m.cl126jioz000v2e6dwrk1f2cb })));
  expect(pick(await chat.reply('Acme'))).toEqual(
    ok(turn({ messages: [m.cl126krck00112e6d1m6ctxpn], input: m.cl126lb8v00142e6duv5qe08l })),
  );
  expect(pick(await chat.reply('none of these'))).toEqual(ok(retry(m.cl126lb8v00142e6duv5qe08l)));
  expect(pick(await chat.reply('other and faq'))).toEqual(
    ok(
      turn({
        messages: [m.cl127yxym000b2e6d9hksxo6h],
        input: m.cl126pv7n001o2e6dajltc4qz,
        lastMessageNewFormat: 'FAQ, Other',
      }),
    ),
  );
  expect(pick(await chat.reply('Chatbots'))).toEqual(
    ok(turn({ messages: [m.cl126p76d001k2e6dbhnf2ysq, m.cl126rfy6001t2e6d21gcb6b0, m.agi2i9xxed4jvv40rnrkf23r] })),
  );
  await chat.expectEnded();
});

test('faq: jump back to the menu block, blank-line paragraphs, end', async () => {
  const m = faq;
  const chat = await open('faq.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl96nt9ob00073b6ionlvakha, m.cl96ntraa00083b6ij922v2qh, m.cl96ns9qr00053b6igebgtl5q],
        input: m.cl96nv877000b3b6i7p69ss2o,
      }),
    ),
  );
  expect(pick(await chat.reply('Tell me about the company'))).toEqual(
    ok(
      turn({
        messages: [m.cl96ods3i001o3b6iiyboljuf, m.cl96oc277001n3b6if8wv6hzl, m.cl96oenlh001p3b6iutaiw9wl],
        input: m.cl96oftnv001r3b6ixen8g0bv,
      }),
    ),
  );
  expect(pick(await chat.reply('Cool!'))).toEqual(ok(turn({ messages: [], input: m.cl96nv877000b3b6i7p69ss2o })));
  expect(pick(await chat.reply("What's Analyzr?"))).toEqual(
    ok(
      turn({
        messages: [m.cl96o2cgi000s3b6ikdv6iogz, m.cl96o3260000u3b6i9czqm52g],
        input: m.cl96o55z3000x3b6ikq14g2tu,
      }),
    ),
  );
  expect(pick(await chat.reply('Sounds good!'))).toEqual(
    ok(turn({ messages: [], input: m.cl96nv877000b3b6i7p69ss2o })),
  );
  expect(pick(await chat.reply('I have another question'))).toEqual(
    ok(turn({ messages: [m.cl96og2yu001w3b6ijqgstubu], input: m.cl96ogmjx001y3b6iwfosloet })),
  );
  expect(pick(await chat.reply('How much is it?'))).toEqual(ok(turn({ messages: [m.cl96oh3mn00203b6iahw2x1ns] })));
  await chat.expectEnded();
});

test('digital-product-payment: video URL bubble, e-mail, then the "credentials" group ends the flow', async () => {
  const m = digital_product_payment;
  const chat = await open('digital-product-payment.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.cl3u4431500052e6gruhlxklx, m.cl3u4592z00082e6go92cuu43],
        input: m.cl3u45f0n000a2e6gci2xgmph,
      }),
    ),
  );
  expect(pick(await chat.reply('Sam'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl3u45lqz000d2e6gxo4n5ets,
          m.cl3u44adg00072e6gc13e1n12,
          m.cl3u46b0i000e2e6gkpf4qiry,
          m.cl3u49lmg000f2e6guhhgf825,
          m.cl3u4hyl9000i2e6gtdz8m04b,
          m.cl3u4hyl9000i2e6gtdz8m04a,
        ],
        input: m.cl3u4id67000l2e6gahw4v1ny,
      }),
    ),
  );
  expect(pick(await chat.reply('Maybe'))).toEqual(ok(retry(m.cl3u4id67000l2e6gahw4v1ny)));
  expect(pick(await chat.reply('Hell yes!'))).toEqual(
    ok(
      turn({
        messages: [m.cl3u4kblb000x2e6g49rot8h0, m.cl3u4khsx000y2e6gx9iysgt4],
        input: m.cl3u4l2et000z2e6gjlmh45jp,
      }),
    ),
  );
  expect(pick(await chat.reply('sam@example'))).toEqual(ok(retry(m.cl3u4l2et000z2e6gjlmh45jp, EMAIL_RETRY)));
  // the e-mail input leads to the "add your Stripe credentials" group, not to the payment input
  expect(pick(await chat.reply('sam@example.com'))).toEqual(
    ok(turn({ messages: [m.unw1076x8ematnu6jrbop8sv, m.ck19ttflkp6mbxnxpnyxp7vh] })),
  );
  await chat.expectEnded();
});

test('digital-product-payment: "I\'m ok, thanks." branch ends with the image', async () => {
  const m = digital_product_payment;
  const chat = await open('digital-product-payment.json');
  await chat.start();
  await chat.reply('Sam');
  expect(pick(await chat.reply("I'm ok, thanks."))).toEqual(
    ok(turn({ messages: [m.cl3u4iw29000t2e6gakbxvz4u, m.cl3u4jcyt000u2e6gzyj2p5ss] })),
  );
  await chat.expectEnded();
});

test('high-ticket-lead-follow-up: the start edge leads to the "credentials needed" group, the flow ends at once', async () => {
  const m = high_ticket_lead_follow_up;
  const chat = await open('high-ticket-lead-follow-up.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.j87l3ef5tpji9lpqeb1x1jab, m.xsfpajnunr48xf9niv1zuoiv, m.fwrkxexujzmud7p02ehm8s79],
        withResultId: false,
      }),
    ),
  );
  await chat.expectEnded();
});

test('customer-support: bug path, invalid e-mail, restart jumps back to the menu group', async () => {
  const m = customer_support;
  const chat = await open('customer-support.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.spud6U3K1omh2dZG8yN2CW4], input: m.s6kp2Z4igeY3kL7B64qBdUg })),
  );
  expect(pick(await chat.reply('There is a bug'))).toEqual(ok(retry(m.s6kp2Z4igeY3kL7B64qBdUg)));
  expect(pick(await chat.reply('There is a bug 🐛'))).toEqual(
    ok(turn({ messages: [m.sjsECyfSBMkUnoWaEnBTmJX, m.seomQsnPWgiMzQVeZ3us7x2], input: m.s3LYyyYtjdQ88jkMMV5DSW7 })),
  );
  expect(pick(await chat.reply('It crashes on save'))).toEqual(
    ok(turn({ messages: [m.soiDpBL5r1dbvHxuT2Sd3mH], input: m.s5Fh7zHUw3j4zDM5xjzwsXB })),
  );
  expect(pick(await chat.reply('me@'))).toEqual(ok(retry(m.s5Fh7zHUw3j4zDM5xjzwsXB, EMAIL_RETRY)));
  expect(pick(await chat.reply('Me@X.io'))).toEqual(
    ok(
      turn({
        messages: [m.s6uLw72EAKbACrpYHr7DSyY, m.stM7cTBFCLhpQagRHT64K6u],
        input: m.s4JATFkBxzmcqqEKQB2xFfa,
        lastMessageNewFormat: 'me@x.io',
      }),
    ),
  );
  expect(pick(await chat.reply('Restart'))).toEqual(
    ok(turn({ messages: [m.spud6U3K1omh2dZG8yN2CW4], input: m.s6kp2Z4igeY3kL7B64qBdUg })),
  );
});
