import {
  conversationsOnTestServer,
  b,
  missingCredentialsLog,
  ok,
  p,
  pick,
  retry,
  text,
  turn,
} from './bot-conversation-helpers';

// Conversations over real HTTP with the quiz / survey / recommendation fixture
// bots. Expected values are literals from the fixture definitions and
// docs/engine-behaviour.md; long bots follow one representative path.

const quiz = {
  cl1r09bcc000i2e6dyyvskx75: text('cl1r09bcc000i2e6dyyvskx75', 'What does SEO stand for?'),
  cl1r09dl9000j2e6dhkc2h97y: {
    id: 'cl1r09dl9000j2e6dhkc2h97y',
    outgoingEdgeId: 'cl1r0cfjt00122e6dzwtamycl',
    type: 'choice input',
    items: [
      { id: 'cl1r09dl9000k2e6dvf7llzkd', content: 'Send Email Out' },
      { id: 'cl1r0a80k000l2e6dngppwyhm', content: 'Serial Editorial Output' },
      {
        id: 'cl1r0adei000m2e6dfc8w5y4k',
        outgoingEdgeId: 'cl1r0dfip00152e6doo9duexn',
        content: 'Search Engine Optimization',
      },
      { id: 'cl1r0aiks000n2e6dc31e2db6', content: 'Search Expectation Order' },
    ],
  },
  cl1r0d8zi00142e6d4tl2yenk: text('cl1r0d8zi00142e6d4tl2yenk', 'Well done!'),
  cl1r0bgit000x2e6dvdre9wsj: text('cl1r0bgit000x2e6dvdre9wsj', 'What is anchor text?'),
  cl1r0b3x5000r2e6dqk8gzoim: {
    id: 'cl1r0b3x5000r2e6dqk8gzoim',
    outgoingEdgeId: 'cl1r0f53y001q2e6dvuq434ru',
    type: 'choice input',
    items: [
      {
        id: 'cl1r0b3x5000s2e6dyq6bklbf',
        outgoingEdgeId: 'cl1r0i4dj001r2e6dgb96tx9q',
        content: 'The visible text that is hyperlinked to another page',
      },
      { id: 'cl1r0b6jd000t2e6dkp3dxpp9', content: 'The text in the top left of a webpage' },
      {
        id: 'cl1r0b835000u2e6d22rw2gb5',
        content: 'The most prominent text on a page, used by search engines to assign a title to the page',
      },
      { id: 'cl1r0b9tl000v2e6dkligryj3', content: 'A slogan that sticks in a consumer’s mind' },
    ],
  },
  cl1r0eril001b2e6dh43cqhv5: text('cl1r0eril001b2e6dh43cqhv5', 'Well done!'),
  cl1r0eril001d2e6d3gay9cls: text('cl1r0eril001d2e6d3gay9cls', 'What is a persona ?'),
  cl1r0eril001f2e6dk0fd0qpw: {
    id: 'cl1r0eril001f2e6dk0fd0qpw',
    outgoingEdgeId: 'cl1r0khb6002c2e6ddssbpj9z',
    type: 'choice input',
    items: [
      { id: 'cl1r0erim001g2e6d5zzn8q22', content: 'Your target audience' },
      { id: 'cl1r0erim001h2e6dnwtiturl', content: 'Someone who joins your mailing list' },
      { id: 'cl1r0erim001i2e6dbfhck09o', content: 'A repeat customer' },
      {
        id: 'cl1r0erim001j2e6d2waa3374',
        outgoingEdgeId: 'cl1r0k27y00262e6dflgcp3wa',
        content: 'A fictional representation of a group of customers',
      },
    ],
  },
  cl1r0j8u2001w2e6d3wnpzcj5: text('cl1r0j8u2001w2e6d3wnpzcj5', 'Well done!'),
  cl1r0j8u2001y2e6dr24ieifw: text('cl1r0j8u2001y2e6dr24ieifw', 'What does CTA stand for?'),
  cl1r0j8u200202e6dun2d04gu: {
    id: 'cl1r0j8u200202e6dun2d04gu',
    outgoingEdgeId: 'cl1r0ktet002i2e6d5sh8gd2b',
    type: 'choice input',
    items: [
      { id: 'cl1r0j8u200212e6dov1xy5m4', content: 'Consequence To Advert' },
      { id: 'cl1r0j8u300222e6dnj0i5fm8', outgoingEdgeId: 'cl1r0lm4e002m2e6d0g3h9pm7', content: 'Call To Action' },
      { id: 'cl1r0j8u300232e6dxd8abojt', content: 'Computer Tracked Actions' },
      { id: 'cl1r0j8u300242e6d0pki60w6', content: 'Characteristic Tracking Advert' },
    ],
  },
  cl1r0c85i00112e6d8iwtrpvb: text('cl1r0c85i00112e6d8iwtrpvb', 'WRONG!'),
  cl1r0crx600132e6d0u54j506: text('cl1r0crx600132e6d0u54j506', 'SEO stands for Search Engine Optimization'),
  cl1r0exdi001m2e6d7kge562x: text('cl1r0exdi001m2e6d7kge562x', 'WRONG!'),
  cl1r0exdi001o2e6d70s7si5y: text(
    'cl1r0exdi001o2e6d70s7si5y',
    'Anchor text is the visible text that is hyperlinked to another page',
  ),
  cl1r0k3tq00282e6dl0av81kz: text('cl1r0k3tq00282e6dl0av81kz', 'WRONG!'),
  cl1r0k3tq002a2e6dv3s1eb6d: text(
    'cl1r0k3tq002a2e6dv3s1eb6d',
    'A persona is a fictional representation of a group of customers',
  ),
  cl1r0kqof002e2e6dzjcw0kvs: text('cl1r0kqof002e2e6dzjcw0kvs', 'WRONG!'),
  cl1r0kqog002g2e6dizmxvz64: text(
    'cl1r0kqog002g2e6dizmxvz64',
    'Anchor text is the visible text that is hyperlinked to another page',
  ),
  cl1r0nkdx002r2e6dwv0wclo0: text('cl1r0nkdx002r2e6dwv0wclo0', 'Try again?'),
  cl1r0nt85002s2e6dloupnhdq: {
    id: 'cl1r0nt85002s2e6dloupnhdq',
    type: 'choice input',
    items: [
      { id: 'cl1r0nt85002t2e6dvb7si7ny', outgoingEdgeId: 'cl1r15gko005i2e6dn6rhifwe', content: 'Yes!' },
      { id: 'cl1r0nveb002u2e6dotjk6nuf', content: 'No, bye!' },
    ],
  },
  cl1r0rggf00392e6dcc941700: text('cl1r0rggf00392e6dcc941700', 'Well done 👏'),
  cl1r0rvce003c2e6diusd3pxq: text('cl1r0rvce003c2e6diusd3pxq', "You could do better but that's alright!"),
  cl1r0pe0x00332e6dxg6xdt2f: text(
    'cl1r0pe0x00332e6dxg6xdt2f',
    'Aouch, you need to improve your Digital Marketing game.',
  ),
  cl1r16nes005z2e6d3aj23kfz: text('cl1r16nes005z2e6d3aj23kfz', 'Hi there!'),
  cl1r15w5p005t2e6d670v9nbi: text('cl1r15w5p005t2e6d670v9nbi', "You're about to answer a Quiz about Digital Marketing"),
  cl1r16rt400622e6d32uta7mi: text('cl1r16rt400622e6d32uta7mi', 'It is composed of only 4 questions.'),
  cl1r1708n00662e6dv8900ixk: text('cl1r1708n00662e6dv8900ixk', p(b('Ready?'))),
  cl1r176e900692e6d8u3k6sdq: {
    id: 'cl1r176e900692e6d8u3k6sdq',
    type: 'choice input',
    items: [{ id: 'cl1r176e9006a2e6dpvp0974z', outgoingEdgeId: 'cl1r17pzv006n2e6dpibxp9th', content: 'Go!' }],
  },
} as const;
const nps = {
  vep990mmfbe64nqczp66xebw: text('vep990mmfbe64nqczp66xebw', 'Hey! 👋'),
  u1oeokc5j8bzwi4lwqyf7c8q: text(
    'u1oeokc5j8bzwi4lwqyf7c8q',
    p('Since you are part of our daily users, can I ask you ', b('2 questions'), '?'),
  ),
  d3asw3zs2gahpxs3usun6lm5: {
    id: 'd3asw3zs2gahpxs3usun6lm5',
    type: 'choice input',
    items: [{ id: 'wvjhc2vrkqy8512y0wvmciex', outgoingEdgeId: 'sjeyoptun1yu805ry37je1ni', content: 'Sure!' }],
  },
  jcp3qhpb4wf95g0ylrp4e8zb: text(
    'jcp3qhpb4wf95g0ylrp4e8zb',
    p('How likely will you recommend our product', b(' '), 'to a friend or colleague?'),
  ),
  bfvv74k8oz57kaqeqek3uen7: {
    id: 'bfvv74k8oz57kaqeqek3uen7',
    type: 'rating input',
    options: {
      variableId: 'vwqc8tzl0380h30vxh07fekmm',
      labels: { left: 'Very unlikely', right: 'Very likely' },
      isOneClickSubmitEnabled: true,
    },
  },
  izehojk23xug74tylpm0wbib: text('izehojk23xug74tylpm0wbib', "I'm glad to hear that 😍"),
  qj3e1cxwjub800r6g3lfa4ei: text('qj3e1cxwjub800r6g3lfa4ei', 'Could you tell us why?'),
  ro6a6dt7j3x99unduh5jm6an: {
    id: 'ro6a6dt7j3x99unduh5jm6an',
    outgoingEdgeId: 'y6gsa6pjrfeu8zi6evtzirs1',
    type: 'text input',
    options: { isLong: true },
  },
  ou7airondk1mxm4inzzyyr1x: text('ou7airondk1mxm4inzzyyr1x', 'Could you tell us what went wrong?'),
  eixinwxcgsng6v8blw6jdgwy: text('eixinwxcgsng6v8blw6jdgwy', 'Thank you! 🙏'),
  cjqu4wje2zr8i5ehivxv5567: text('cjqu4wje2zr8i5ehivxv5567', 'Would you be ok to leave a review on Capterra?'),
  v9pf4n5kcwon4g0yvwwc6vk3: {
    id: 'v9pf4n5kcwon4g0yvwwc6vk3',
    type: 'choice input',
    items: [
      { id: 'y34d4iij8y9qrt28y240x7vm', outgoingEdgeId: 'lw33kviri91z1mvxb87kaew0', content: 'Sure!' },
      { id: 'l7txnq6jtm0niynklcpzb21u', outgoingEdgeId: 'wjcvbnj1drs6if1p21a8yokf', content: 'Maybe later' },
    ],
  },
  m1my2b6gqq2hgfecw1vs2vcm: text('m1my2b6gqq2hgfecw1vs2vcm', 'Thank you for taking the time to answer!'),
  fyl3k7qc6jdmc8t38b9wkcrh: text('fyl3k7qc6jdmc8t38b9wkcrh', 'Have a beautiful day!'),
  qobvos2ihgxb8e729ur8b2rv: {
    id: 'qobvos2ihgxb8e729ur8b2rv',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/qC2REWsp3fQ1v2mm74/giphy.gif?cid=fe3852a38k350b15tly68dp7plh5iskmlonklrofvce975cq&rid=giphy.gif&ct=g',
    },
  },
  dfisk4xq8csn0t2aute6hbsd: text('dfisk4xq8csn0t2aute6hbsd', "Sorry that your experience hasn't been amazing 🙁"),
  u6vs0akagfjg63zq8z1rcc14: text(
    'u6vs0akagfjg63zq8z1rcc14',
    p("Here is a promo code if you'd like to give our product another chance: ", b('PROMO123')),
  ),
  lfk1wt96u8yrtfkof6lrianc: {
    id: 'lfk1wt96u8yrtfkof6lrianc',
    type: 'image',
    content: {
      url: 'https://media1.giphy.com/media/kaBU6pgv0OsPHz2yxy/giphy-downsized.gif?cid=fe3852a30aonhd3he63idx7116fsc1sydsan2ggr9uq4hs9j&rid=giphy-downsized.gif&ct=g',
    },
  },
  cd8ftyg6tkjggncxuo242u3j: text('cd8ftyg6tkjggncxuo242u3j', 'Amazing 🤩'),
  nigypz7fhnt07440o0829o81: text('nigypz7fhnt07440o0829o81', 'Let me take you there...'),
} as const;
const quick_carb_calculator = {
  vivxy8mvydql0e5u6tecpx1q: text('vivxy8mvydql0e5u6tecpx1q', 'Welcome to the Quick Carb Calculator!'),
  dcopvbfbdvhq0te4g760pgn2: text(
    'dcopvbfbdvhq0te4g760pgn2',
    " I'll help you figure out how much fuel you'll need to perform at your best. Let's get started! 🚴‍♂️🏃",
  ),
  jdvfdtxzdce1busleqs9ure0: text('jdvfdtxzdce1busleqs9ure0', 'First, what are you fueling for?'),
  yura2cvzxy8qea4x1m71ulcy: {
    id: 'yura2cvzxy8qea4x1m71ulcy',
    outgoingEdgeId: 'gnwha6pow6q6occm6gn3d9o3',
    type: 'choice input',
    items: [
      { id: 'omopw9oy3srowddb0o3f4xs5', content: 'Swim 🏊‍♂️' },
      { id: 'anpwbn8hvolyod2vsh06et68', content: 'Ride 🚴‍♂️' },
      { id: 'uto1ghh5c6icwygszercxybz', content: 'Run 🏃' },
      { id: 'sau0amab8nmeqfqyhhzle03v', content: 'Triathlon 🏊‍♂️🚴‍♂️🏃' },
      { id: 'tqvjhk0qmvn43h5hyc9ibdd3', content: 'Swimrun 🏊‍♂️🏃' },
      { id: 'mu0m5v7m55vfikbs29lpcm3h', outgoingEdgeId: 'hbh8d8q39wzgy1foclpy15s2', content: 'Other' },
    ],
    options: { variableId: 'vc5qxl1y2rzmy7uqeasq8bd3q' },
  },
  lglw9gtixolxnch9sqy4djyj: text('lglw9gtixolxnch9sqy4djyj', 'What sport?'),
  hcp2ebjsxmzjydpp6qkym5fo: {
    id: 'hcp2ebjsxmzjydpp6qkym5fo',
    outgoingEdgeId: 'pow7libu0danm0n84k5dvrh2',
    type: 'text input',
    options: { variableId: 'vc5qxl1y2rzmy7uqeasq8bd3q' },
  },
  gt4pnocv289vzg7lbrqvuld6: text('gt4pnocv289vzg7lbrqvuld6', 'Great! How long will you be doing this activity?'),
  je03xo9p9vipnvw07y859ng7: {
    id: 'je03xo9p9vipnvw07y859ng7',
    outgoingEdgeId: 'ee0zj9456t8oj1cbgn0d5pci',
    type: 'text input',
    options: { variableId: 'veiz4m7fe9er6k5qy676qwhfb' },
  },
  zm8sjanqyezg1pk427t1ywph: text('zm8sjanqyezg1pk427t1ywph', 'Understood! Now, how hard will you be going?'),
  zxvlig3wytb4n7s81prfszau: {
    id: 'zxvlig3wytb4n7s81prfszau',
    outgoingEdgeId: 'r0sy9h8oux00p1pqkuczhg9n',
    type: 'rating input',
    options: {
      variableId: 'vprpht8foqzxv4bs8hlozqoq7',
      length: 7,
      startsAt: 1,
      labels: { left: 'Easy', right: 'Racing' },
    },
  },
  ro1y65vqxcozqxla4ghgrvs1: text(
    'ro1y65vqxcozqxla4ghgrvs1',
    'To keep a record of your carb calculations and for easy future reference, could you please provide your email address? ',
  ),
  u9vbh5h4009ujs3a2meknec5: text(
    'u9vbh5h4009ujs3a2meknec5',
    'This way, I can send you a personalized summary of your fueling plan. 📧',
  ),
  prd6ni8tnjoi62tj29dnthlj: {
    id: 'prd6ni8tnjoi62tj29dnthlj',
    outgoingEdgeId: 'd7ihuksdgn0gdqm7138xnzf4',
    type: 'email input',
    options: { variableId: 'vb0jqpcdbqr7c2fq1ijs7j3wt' },
  },
  q7w7wypml8fpoqmrwdyv5zfm: text(
    'q7w7wypml8fpoqmrwdyv5zfm',
    "Now that you know how many carbs you'll need, would you like to check out our selection of top-rated carbohydrate gels and other fueling products? 🛒",
  ),
  g0nd8jfs64h90lxy41ztufkf: {
    id: 'g0nd8jfs64h90lxy41ztufkf',
    type: 'choice input',
    items: [{ id: 'y7w3u1i6np6umnwxfs7u7x4a', outgoingEdgeId: 'nnaxabsjpk161s6kygdxm68k', content: 'Go shopping' }],
  },
  jl3b2nltipe5b5ejtqbfgx9j: text(
    'jl3b2nltipe5b5ejtqbfgx9j',
    'You need to add your OpenAI credentials to make this bot work. 🪄',
  ),
  mnakzjvql9qrsctwscctzx74: text(
    'mnakzjvql9qrsctwscctzx74',
    p("Once it's done, delete this group and connect the ", b('Start'), ' event with ', b('Sport group'), ' 🚀'),
  ),
} as const;
const savings_estimator = {
  gm8c2bzxouv5x74zohjdvuwk: text(
    'gm8c2bzxouv5x74zohjdvuwk',
    'Hi there! Are you curious to see how much you can save by switching to reusable sponges and paper towels? 🌱',
  ),
  pfsd7hh9kkzk7d41qh70cwpp: text('pfsd7hh9kkzk7d41qh70cwpp', "Let's find out together!"),
  rpf1u0bigv1v1z9x2q7m7g27: {
    id: 'rpf1u0bigv1v1z9x2q7m7g27',
    outgoingEdgeId: 'k0ikr8x3bu9s5o86g5njqfts',
    type: 'choice input',
    items: [{ id: 'ih0cv1bnpyc83qwz4qq6ywk3', content: "Yes, let's go!" }],
  },
  m6kz7rkv1ioe36n9dn7znep8: text('m6kz7rkv1ioe36n9dn7znep8', 'Where do you typically use sponges in your house?'),
  dufhivf25jztks3a52hdyo6s: {
    id: 'dufhivf25jztks3a52hdyo6s',
    outgoingEdgeId: 'sj4gzsj102ge9gvyujn7dptw',
    type: 'choice input',
    items: [
      { id: 'x10afn6nfah52jsu0avz6br9', content: 'Kitchen - for dishes, counter, and appliances' },
      { id: 'eeogjc9povplcvgqny1dc6uj', content: 'Bathroom - for sinks, showers, and tubs' },
      { id: 'asy0lmqlzprtlfepmz8c6mfz', content: 'Living Room and Bedrooms - for furniture and windows' },
      { id: 'qqp3qjm4z7r60py4sg21pqd6', content: 'Laundry Room - for cleaning spills and surfaces' },
      { id: 'jk7vgqy5cgfrklnkuddkfj9q', content: 'Garage and Outdoors - for vehicles and garden tools' },
      { id: 'cnx6lctjxc23opp5gdnvvxbu', content: 'dishes' },
    ],
    options: { isMultipleChoice: true },
  },
  m9xp0uifcpbw6m9xx5ez4eo8: text(
    'm9xp0uifcpbw6m9xx5ez4eo8',
    'How often would you say that you are throwing a sponge away?',
  ),
  qiayx3hjmo5ef1n3w3uxux4g: {
    id: 'qiayx3hjmo5ef1n3w3uxux4g',
    type: 'choice input',
    items: [
      { id: 'huq3z8tuxmumghzu1tvdcxd9', content: 'Once a week' },
      { id: 'g1ceimdl36gwcfgzf8jpqsbg', content: 'Every 2 weeks' },
      { id: 'ky6khj0qwt2zteo8ffjg4xdc', outgoingEdgeId: 'pyh36n2t83a0ig4edaj461ho', content: 'Once a month' },
      { id: 'lz0kymgy0nlismoen7rr5mcf', outgoingEdgeId: 'cmv8ea1pfiwslctusogdkg9u', content: 'Every 2 months' },
      { id: 'oaqrb7n82xgzxxwgd12i4z43', outgoingEdgeId: 'blsd3tlps0jaq1mu6y91tuca', content: 'Every 3 months or more' },
    ],
  },
  px06vnhab1vs5vhfb3jmfl3l: text(
    'px06vnhab1vs5vhfb3jmfl3l',
    'Did you know that used sponges can harbor a significant number of bacteria if not replaced regularly?',
  ),
  gqechdy2jk2t6f241e5tetcf: text(
    'gqechdy2jk2t6f241e5tetcf',
    'We definitely suggest you to change your sponge more frequently ✨',
  ),
  luxwsvs9m89bmxh125iqa69p: text('luxwsvs9m89bmxh125iqa69p', "Now, let's talk about paper towels. 🧻"),
  e9u3rmjx2ta6kvrjz9ghsqkl: text('e9u3rmjx2ta6kvrjz9ghsqkl', 'How often would you say that you are ending a roll?'),
  yimucmlyxmz85pjsmm9953z8: {
    id: 'yimucmlyxmz85pjsmm9953z8',
    outgoingEdgeId: 'yeqwcskb3lut4m5838y64pp2',
    type: 'choice input',
    items: [
      { id: 'vywwo2km0q0j1fxu7kpgaaun', content: 'Once a week' },
      { id: 'wzg1uhu2hdgmkc7tps3wyo3e', content: 'Every 2 weeks' },
      { id: 'sdx6okf2a2jdypry8yd9vi81', content: 'Once a month' },
      { id: 'vva4hfgvpx5r3uzyumf2mpjj', content: 'Every 2 months' },
      { id: 'kvf1ev4hskteaopfnbzoy2xt', content: 'Every 3 months or more' },
    ],
  },
  b61hd7ow6brr7iyrt2ha608i: text(
    'b61hd7ow6brr7iyrt2ha608i',
    'Do you have any concerns or hesitations about switching to reusable INGA products?',
  ),
  ticb2wd6zydjn27p6r0m80vo: {
    id: 'ticb2wd6zydjn27p6r0m80vo',
    outgoingEdgeId: 'i8dgsa6vkrytpk21d5ko8nja',
    type: 'choice input',
    items: [
      { id: 'r4f918h8pxbpkyb2t3943f8h', content: 'Durability and Effectiveness' },
      { id: 'boe0nf1y87sf6o8klmo5sg81', content: 'One-time cost' },
      { id: 'udz9u4nhyg4zqh1qc6iwqi1x', content: 'Hygiene' },
      { id: 'uuhrshjb2hxgrs85nvk95uyq', content: 'Convenience' },
      { id: 'y9cmigd58j10u8bre90obxpp', content: 'Environmental Impact' },
      { id: 'mkubt8mqhwz34s7xqotbpaw0', content: 'Other' },
    ],
  },
  t7jzvg5f8s6z021u5izwwu89: text('t7jzvg5f8s6z021u5izwwu89', 'Thanks for sharing. 🙏'),
  cy8qtfy082jswfkn7o6e0y13: text('cy8qtfy082jswfkn7o6e0y13', 'Could you tell us more about that?'),
  n8qrxik30fxrh9dxa3xu5yvf: {
    id: 'n8qrxik30fxrh9dxa3xu5yvf',
    outgoingEdgeId: 'd0qydik94v0dda73gkpsxsht',
    type: 'text input',
    options: { isLong: true },
  },
  xkd14a6q6s5wz58des6d6ko7: text('xkd14a6q6s5wz58des6d6ko7', "That's super clear, thank you"),
  ha64vzgqtafz8xidc6jho08a: text(
    'ha64vzgqtafz8xidc6jho08a',
    'Feel free to check out our selection of reusable cleaning products. 🧽',
  ),
  z95sfiyhk4mk3y693ku9ugud: {
    id: 'z95sfiyhk4mk3y693ku9ugud',
    type: 'choice input',
    items: [{ id: 'vagoik95tnerdxebvdqghipf', content: 'Go shopping' }],
  },
  x1vhd8yhaeqew8x8wro4as8c: text(
    'x1vhd8yhaeqew8x8wro4as8c',
    'To keep a record of your carb calculations and for easy future reference, could you please provide your email address? ',
  ),
  uc36wedqizekyfyeckpy7hfi: text(
    'uc36wedqizekyfyeckpy7hfi',
    'This way, I can send you a personalized summary of your fueling plan. 📧',
  ),
  xwpzbigjxduvrno7e21f84wh: {
    id: 'xwpzbigjxduvrno7e21f84wh',
    outgoingEdgeId: 'xv6njl5ywntcj5rob2kr116u',
    type: 'email input',
    options: { variableId: 'k53o6d9neq13sujwfpfj6ohj' },
  },
} as const;
const product_recommendation = {
  jaj0pyfmlf4hb4suglr3v0be: text(
    'jaj0pyfmlf4hb4suglr3v0be',
    'Because all products are not available everywhere, I need to know...',
  ),
  x6lj1mhze2xtc0h3ln42xg84: text('x6lj1mhze2xtc0h3ln42xg84', 'Where do you live?'),
  lwtynqjykiem5zdtns3fwhu2: {
    id: 'lwtynqjykiem5zdtns3fwhu2',
    outgoingEdgeId: 'zlab2pp5tfih56jcw6vtjs03',
    type: 'choice input',
    items: [
      { id: 'b6mg694wlrmx4k1fgc46co57', content: 'North America' },
      { id: 'fpey0ohbvgvg7b86y4ol8wr7', content: 'Europe' },
    ],
    options: { variableId: 'vma96g9rw8oaosc0ei2iacqig' },
  },
  mu6ygqqpi48dacy1n4xj6x4y: text('mu6ygqqpi48dacy1n4xj6x4y', "Let's determine what Näak's products suit you best. 💪"),
  w9rc4yf0ytnzqy16r938h094: text('w9rc4yf0ytnzqy16r938h094', "What's your name?"),
  xobx3g928f9zj220n5qe1ih6: {
    id: 'xobx3g928f9zj220n5qe1ih6',
    outgoingEdgeId: 'gnh6uloe0a8ciwahgq0gnx4k',
    type: 'text input',
    options: { variableId: 'vp1r2yrb6xgmi2aq3x6x73vaz' },
  },
  xpbrytz3gucp0xzf1qs8mlwe: text('xpbrytz3gucp0xzf1qs8mlwe', "What's your sport?"),
  zesp4ro7ltjmh64sn8d4912c: {
    id: 'zesp4ro7ltjmh64sn8d4912c',
    outgoingEdgeId: 'hwbbi48q0u8xnlqbpq53cdju',
    type: 'picture choice input',
    items: [
      {
        id: 'l4y5s4rz63g3kl91sq5h6401',
        pictureSrc:
          'https://images.unsplash.com/photo-1456613820599-bfe244172af5?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHw0fHx0cmFpbHxlbnwwfDB8fHwxNjg1MzYyOTQ2fDA&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Running',
      },
      {
        id: 'urqlzmsiixatiamg06pexhsn',
        pictureSrc:
          'https://images.unsplash.com/photo-1545575439-3261931f52f1?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHw3fHxjeWNsaW5nfGVufDB8MHx8fDE2ODUzNjI5NjJ8MA&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Cycling',
      },
      {
        id: 'go2ko2zs5haeairrtfw7jqb2',
        pictureSrc:
          'https://images.unsplash.com/photo-1627900258552-50850df9dbc5?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHw0fHxUcmlhdGhsb258ZW58MHwwfHx8MTY4NTM2Mjk3N3ww&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Triathlon',
      },
      {
        id: 'ctvsb2gsogkbaj9sxsgw25p9',
        pictureSrc:
          'https://images.unsplash.com/photo-1551632811-561732d1e306?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHwyfHxIaWtpbmd8ZW58MHwwfHx8MTY4NTM2Mjk5NXww&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Hiking',
      },
    ],
  },
  ahuasm8oa058gl4np96qadox: text('ahuasm8oa058gl4np96qadox', 'Nice! 😎'),
  phbeq3fg1jp2ktmz2blr6bzf: text('phbeq3fg1jp2ktmz2blr6bzf', "What's your gender?"),
  mfz600vwgfjcisahf5tdnz7l: {
    id: 'mfz600vwgfjcisahf5tdnz7l',
    outgoingEdgeId: 'bf16js59cs2hmicrkbc7nv1q',
    type: 'choice input',
    items: [
      { id: 'zv2np66vgqoruntfh9h9vidx', content: '♂️ Men' },
      { id: 'w5e2h4n10u1l2pap1vtm68ma', content: '♀️ Women' },
      { id: 'm1t9qrfs4z998ogqd4ttueus', content: 'Other' },
    ],
  },
  pksck9ppag8q24ou26ewgodw: text('pksck9ppag8q24ou26ewgodw', 'How can Näak help you achieve your goals?'),
  cx2v8nfb4kxvk58bbu6w85uy: {
    id: 'cx2v8nfb4kxvk58bbu6w85uy',
    outgoingEdgeId: 'drxu7gyz2trqjtv5nnfv1x9l',
    type: 'picture choice input',
    items: [
      {
        id: 'fmhwukhd2112743tgrmv85st',
        pictureSrc:
          'https://images.unsplash.com/photo-1615845522103-82f98cd2a9de?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHw5fHxlbmR1cmFuY2V8ZW58MHwwfHx8MTY4NTM2MzY3Nnww&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Energy',
      },
      {
        id: 'hkzoroc6mf9tt9g2uxppweay',
        pictureSrc:
          'https://images.unsplash.com/photo-1536044635785-467d51fc5880?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHwxMnx8ZHJpbmslMjBzcG9ydHxlbnwwfDB8fHwxNjg1MzYzNzIxfDA&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Hydration',
      },
      {
        id: 'nn5629jaux41qo0fhl1yj3zi',
        pictureSrc:
          'https://images.unsplash.com/photo-1531403939386-c08a16cd7eef?crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=M3w0MjU2MDR8MHwxfHNlYXJjaHw3fHxzdHJldGNofGVufDB8MHx8fDE2ODUzNjM2OTl8MA&ixlib=rb-4.0.3&q=80&w=1080',
        title: 'Recovery',
      },
    ],
    options: { variableId: 'vgz8fr5u7q0p4jdef1krz2vm3', isMultipleChoice: true },
  },
  ife4ujh1l5ljpp3x4gnram1z: text('ife4ujh1l5ljpp3x4gnram1z', 'What protein source are you interested in?'),
  ogy9ng7q9jglxg2ivb39tzeh: {
    id: 'ogy9ng7q9jglxg2ivb39tzeh',
    outgoingEdgeId: 'umuilo9l4t27kcpnx5ybnr08',
    type: 'choice input',
    items: [
      { id: 'exj60v3j83wx9yjbdsm8gwzj', content: 'Cricket-based' },
      { id: 'kvqeznudz85jbqwxzfpwz8z8', content: 'Plant-based' },
    ],
    options: { variableId: 'vlgo7i0r514jkd9a9f24otm4m', isMultipleChoice: true },
  },
  muy0ptwahuy20bhs5b9npz2m: text('muy0ptwahuy20bhs5b9npz2m', 'What are flavors do you enjoy?'),
  p71conb1ln7f3m41ca6pxetz: {
    id: 'p71conb1ln7f3m41ca6pxetz',
    outgoingEdgeId: 'i3za7jvz8g7m7588g7i1ue9i',
    type: 'choice input',
    items: [
      { id: 't7fkowjzn7eygfn6q1r4a8l9', content: 'Chocolate' },
      { id: 'b1a0qlhtirnxqaqudskc4hnb', content: 'Vanilla' },
      { id: 'vef4uodxrj05lp2i5k3uhdd5', content: 'Berries' },
      { id: 'oyyx5j4j5fee37rc47adb5m8', content: 'Caramel' },
      { id: 'myapux2pojdtbdy0gyc47rhq', content: 'Nuts' },
      { id: 'aegltvuw163qqx88rwzjrg3v', content: 'Coffee' },
      { id: 'zql5o66rry2ab3ofxa1y8kll', content: 'Lime' },
      { id: 'ecvbkdakesh18zn5bfkylvt1', content: 'Watermelon' },
      { id: 'b1xcrk5tv1b1rkjy40uhp44d', content: 'Maple Syrup' },
    ],
    options: { variableId: 'vhbd5800sc98l1lk8wf7fe742', isMultipleChoice: true, buttonLabel: 'Next' },
  },
  bwqiy7w4x6egwozthsvraeup: text('bwqiy7w4x6egwozthsvraeup', 'Great choice 😋'),
  n6ns6i9z8qyk83wg5f8bn2j8: text('n6ns6i9z8qyk83wg5f8bn2j8', 'Do you have any dietary restrictions?'),
  cbcz08dj67rkx8k1cbj2ybz8: {
    id: 'cbcz08dj67rkx8k1cbj2ybz8',
    outgoingEdgeId: 'erx9wo3svpfxs2cteknbhfaz',
    type: 'choice input',
    items: [
      { id: 'u9gi0gnaza6ottid74l82wlm', content: 'Non GMO' },
      { id: 'yr7q8fcyi6l1sw83t37fjosj', content: 'No palm oil' },
      { id: 'gckqnnt2but4d6wwsfia3035', content: 'Gluten free' },
      { id: 'm3qdwzep7uugpejvga0yqorg', content: 'Nut free' },
    ],
    options: { variableId: 'vz4fqc40gkk99h0qeus2tjwhx' },
  },
  pbn0oib7yt3uspici7to3i9f: text(
    'pbn0oib7yt3uspici7to3i9f',
    'Sign up to our email list to receive a copy of your product recommendations.',
  ),
  rez1phkqpkeoj7u2kzmde653: text('rez1phkqpkeoj7u2kzmde653', 'We will also send a little gift 🎁'),
  vdzzxwdocfxdvqnqwwvjymzw: {
    id: 'vdzzxwdocfxdvqnqwwvjymzw',
    outgoingEdgeId: 'vnqu52ld3usezpnrgu2l7ul0',
    type: 'email input',
  },
  c3m4f1kcyf3dnsdlykjrxytm: text(
    'c3m4f1kcyf3dnsdlykjrxytm',
    'Unfortunately, cricket-based products are not available in Europe. 😢',
  ),
  pxb59zd4bjqmva9er47l6x15: text('pxb59zd4bjqmva9er47l6x15', "We'll make sure to let you know once it's available!"),
  v4tvmb615jdg52vofgzlz7ai: text('v4tvmb615jdg52vofgzlz7ai', p("Let's talk about ", b('Energy. ⚡'))),
  vxadalubq6hnsywwt7w9tzoc: text('vxadalubq6hnsywwt7w9tzoc', 'Here is a selection for you based on your answers.'),
  qsd35sfqjq1eskoovubrjc7k: text('qsd35sfqjq1eskoovubrjc7k', p('About ', b('Hydration. 💧'))),
  eobb04nb37ezx24go2iipm85: text('eobb04nb37ezx24go2iipm85', 'Here is a selection for you based on your answers.'),
  ph2jgb8r0lyui0j6v3jtifo2: {
    id: 'ph2jgb8r0lyui0j6v3jtifo2',
    outgoingEdgeId: 'l8g4gblcmzmiv4fsgjufviws',
    type: 'picture choice input',
    items: [
      {
        id: 'pkv4omwvnr338lkhwh6jglh6',
        pictureSrc:
          'https://www.naak.com/cdn/shop/files/naak-energy-drink-mix-energy-drink-mix-lime-42434407891248_600x.png?v=1692717400',
        title: 'Lime Energy Drink Mix',
        description:
          '- 250 calories: get all your calories in a liquid form\n- 55g carbohydrates: simple and complex natural carbohydrates\n- 650mg electrolytes: replenish minerals lost in sweat\n- 1300mg BCAAs: prevent muscle breakdown during exercise\n- 8g protein: all essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'ntnhk9cqrvogutrldgpm7d56',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Lime',
              },
            ],
          },
        },
      },
      {
        id: 's6nx86xyuclsjtqmr53ijea1',
        pictureSrc: 'https://eu.naak.com/cdn/shop/files/NewDrinkMixWatermelonBulk-Front_5_600x.png?v=1692716818',
        title: 'Watermelon Energy Drink Mix',
        description:
          '- 250 calories: get all your calories in a liquid form\n- 55g carbohydrates: simple and complex natural carbohydrates\n- 650mg electrolytes: replenish minerals lost in sweat\n- 1300mg BCAAs: prevent muscle breakdown during exercise\n- 8g protein: all essential amino acids to reduce muscle fatigue',
      },
    ],
    options: { isMultipleChoice: true, buttonLabel: 'Next' },
  },
  xbbsd6xsl44fukz2ygdpjbd1: text(
    'xbbsd6xsl44fukz2ygdpjbd1',
    p(b('Recovery 🧘‍♂️ '), 'is crucial to perform at your highest level on the field.'),
  ),
  cgb8mt2krmq3mdddwjehtrzu: text('cgb8mt2krmq3mdddwjehtrzu', 'Here is a selection for you based on your answers.'),
  mtj2j6zgnp50wpw9ewuwui5u: {
    id: 'mtj2j6zgnp50wpw9ewuwui5u',
    type: 'picture choice input',
    items: [
      {
        id: 's9nop23fmq55jilo9mntgpn8',
        pictureSrc:
          'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/naak-breakfast-340g-protein-nut-butter-peanut-40637318365488_600x.png?v=1678033822',
        title: 'Protein Nut Butter',
        description:
          '- 500mg super fats: promote heart and gut health\n- 640mg BCAAs: reduce muscle damage & soreness\n- 120mg electrolytes: replenish minerals lost in sweat\n- 4.3g protein: build & repair muscle post-workout',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'rm8omv5htisk7s4nzvmsvc5c',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Nuts',
              },
              {
                id: 'xde05nklbld4u80qhs422y47',
                variableId: 'vz4fqc40gkk99h0qeus2tjwhx',
                comparisonOperator: 'Does not contain',
                value: 'Nut free',
              },
            ],
          },
        },
      },
      {
        id: 'snr3wam9c0p1f191rf2587wz',
        pictureSrc:
          'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/naak-protein-powder-1-bag-2-75-serving-protein-powder-vanilla-29774755954774_600x.png?v=1677355777',
        title: 'Vanilla Protein Powder',
        description:
          '- 25g complete protein: build & repair muscle post-workout\n- 4g BCAAs: reduce muscle damage & soreness\n- 430mg electrolytes: replenish minerals lost in sweat\n- 1g carbohydrates: no added sugar',
      },
    ],
    options: { isMultipleChoice: true },
  },
  bqq8o994nr8ltkkdc8bax01i: text(
    'bqq8o994nr8ltkkdc8bax01i',
    'Since you like all these flavors you could try our discovery packs',
  ),
  np8236cce7e79h8i21hg5ncp: {
    id: 'np8236cce7e79h8i21hg5ncp',
    outgoingEdgeId: 'u57y4cl6042u5r34dahfhwus',
    type: 'picture choice input',
    items: [
      {
        id: 'smabu9g31qcovytdu2yyi86n',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/PACKS_8_600x.png?v=1680032168',
        title: 'Bars - Variety pack',
        description:
          '- 180 calories: long-lasting energy with no sugar crash\n- 65mg caffeine: increase focus and stamina\n- 29g carbohydrates: simple and complex natural carbohydrates\n- 480mg electrolytes: replenish minerals lost in sweat\n- 7g protein: essential amino acids to reduce muscle fatigue',
      },
      {
        id: 'f8rm4b7ic73nq92u52717th5',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/PACKS_7_600x.png?v=1680032183',
        title: 'Waffle - Variety pack',
        description:
          '- 140 calories: quick energy boost from high-quality ingredients\n- 16g carbohydrates: simple and complex natural carbohydrates\n- 200mg electrolytes: replenish minerals lost in sweat\n- 3g protein: all essential amino acids to reduce muscle fatigue',
      },
    ],
    options: { isMultipleChoice: true },
  },
  r5hq4sr8iovxqyixejparma7: {
    id: 'r5hq4sr8iovxqyixejparma7',
    outgoingEdgeId: 'xevaekw7nv6zfmkijsortgk5',
    type: 'picture choice input',
    items: [
      {
        id: 'zc1c5ahukxhalbu9p6oqz4tw',
        pictureSrc:
          'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/naak-energy-waffle-energy-waffle-chocolate-40633672728880_600x.png?v=1677355844',
        title: 'Chocolate Energy Waffle',
        description:
          '- 140 calories: quick energy boost from high-quality ingredients\n- 17g carbohydrates: simple and complex natural carbohydrates\n- 200mg electrolytes: replenish minerals lost in sweat\n- 3g protein: all essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'pkmq8tabhm9nqi5oo8cmz2gz',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Chocolate',
              },
            ],
          },
        },
      },
      {
        id: 'j953heg9dx2xzdhwk773fha0',
        pictureSrc:
          'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/naak-energy-waffle-energy-waffle-vanilla-40633799246128_600x.png?v=1677355758',
        title: 'Vanilla Energy Waffle',
        description:
          '- 140 calories: quick energy boost from high-quality ingredients\n- 16g carbohydrates: simple and complex natural carbohydrates\n- 210mg electrolytes: replenish minerals lost in sweat\n- 4g protein: all essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'l4cye2ndoqcdmhiylc4zyho9',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Vanilla',
              },
            ],
          },
        },
      },
      {
        id: 'z8brrxkvbxfxfwryit6bjqb9',
        pictureSrc:
          'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/naak-energy-waffle-energy-waffle-maple-syrup-40633783877936_600x.png?v=1678034628',
        title: 'Maple Syrup Energy Waffle',
        description:
          '- 140 calories: quick energy boost from high-quality ingredients\n- 16g carbohydrates: simple and complex natural carbohydrates\n- 210mg electrolytes: replenish minerals lost in sweat\n- 4g protein: all essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'l4cye2ndoqcdmhiylc4zyho9',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Maple Syrup',
              },
            ],
          },
        },
      },
      {
        id: 'ex1l3ynwk2iiz6wmavsr3l8y',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/PACKS_600x.png?v=1678223153',
        title: 'Peanut Butter & Chocolate Bar',
        description:
          '- 200 calories: long-lasting energy with no sugar crash\n- 27g carbohydrates: simple and complex natural carbohydrates\n- 445mg electrolytes: replenish minerals lost in sweat\n- 7g protein: essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'ez9ppwlsy77hzum27l7vxnu6',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Nuts',
              },
              {
                id: 's4khjdtxicrwpdelg41fs6d8',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Chocolate',
              },
            ],
          },
        },
      },
      {
        id: 'x2octz0rxe0s8ach4zdf2gch',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/98_600x.png?v=1678223518',
        title: 'Mocha Energy Bar',
        description:
          '- 180 calories: long-lasting energy with no sugar crash\n- 65mg caffeine: increase focus and stamina\n- 29g carbohydrates: simple and complex natural carbohydrates\n- 480mg electrolytes: replenish minerals lost in sweat\n- 7g protein: essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'mz7hwzkpjycizegz5216as63',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Coffee',
              },
            ],
          },
        },
      },
      {
        id: 'hxcd05xn9rzhrvreh9bjqdbr',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/101_600x.png?v=1678223652',
        title: 'Caramel Macchiato Bar',
        description:
          '- 180 calories: long-lasting energy with no sugar crash\n- 65mg caffeine: increase focus and stamina\n- 29g carbohydrates: simple and complex natural carbohydrates\n- 480mg electrolytes: replenish minerals lost in sweat\n- 7g protein: essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'mz7hwzkpjycizegz5216as63',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Caramel',
              },
            ],
          },
        },
      },
      {
        id: 'qw9p8xrmvli4xsn019cddxbh',
        pictureSrc: 'https://cdn.shopify.com/s/files/1/0704/1744/9254/products/92_600x.png?v=1678222928',
        title: 'Berries & Nuts Bar',
        description:
          '- 200 calories: long-lasting energy with no sugar crash\n- 28g carbohydrates: simple and complex natural carbohydrates\n- 405mg electrolytes: replenish minerals lost in sweat\n- 7g protein: essential amino acids to reduce muscle fatigue',
        displayCondition: {
          isEnabled: true,
          condition: {
            comparisons: [
              {
                id: 'mz7hwzkpjycizegz5216as63',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Berries',
              },
              {
                id: 'm48fa084tvurk9nzcibm0d2d',
                variableId: 'vhbd5800sc98l1lk8wf7fe742',
                comparisonOperator: 'Contains',
                value: 'Nuts',
              },
            ],
          },
        },
      },
    ],
    options: { isMultipleChoice: true },
  },
} as const;
const movie_recommendation = {
  f5rr5wi9zldun13tw79u9z2n: text('f5rr5wi9zldun13tw79u9z2n', 'Welcome to our film recommendation bot 👋'),
  c7swi84rmdvrul0wz5kxtplm: {
    id: 'c7swi84rmdvrul0wz5kxtplm',
    type: 'image',
    content: {
      url: 'https://media3.giphy.com/media/BElb9DVpHezcZufOhl/giphy-downsized.gif?cid=fe3852a3uwhsp1sc3j6avr625v5e94h1v8o3wfb1ii3xwswk&rid=giphy-downsized.gif&ct=g',
    },
  },
  nlihfc4ptxnxoktqblh6mcql: text('nlihfc4ptxnxoktqblh6mcql', 'It is powered by The Movie DB API 🚀'),
  vr73urm54d9mq2oqg7ey1xh8: {
    id: 'vr73urm54d9mq2oqg7ey1xh8',
    type: 'image',
    content: {
      url: 'https://www.themoviedb.org/assets/2/v4/logos/v2/blue_square_1-5bdc75aaebeb75dc7ae79426ddd9be3b2be1e342510f8202baf6bffa71d7f5c4.svg',
    },
  },
  g5yyuh9g75x7xa7fgqhhi1zz: text('g5yyuh9g75x7xa7fgqhhi1zz', 'How can I we help?'),
  tzf45bvd8iquoxz7qgta8v94: {
    id: 'tzf45bvd8iquoxz7qgta8v94',
    type: 'choice input',
    items: [
      { id: 'kaimvzg9igdtktgou5m3s1bw', outgoingEdgeId: 't8qyjpigrz7cdl8gxl1wxlwj', content: 'Select a genre 💅' },
      { id: 'i8ls2f8inq2ovuijj6l7rbcq', outgoingEdgeId: 'tjn2ljosqyd4aj9dk8mnifsu', content: "See what's trending 🔝" },
    ],
  },
  ecwz96cghzp4ji3lyx7taxt1: text('ecwz96cghzp4ji3lyx7taxt1', 'Sure!'),
  qeyvu7uq5tkvo7uo8iaj87z5: text('qeyvu7uq5tkvo7uo8iaj87z5', 'Select your desired genre 👇'),
  nwuk2clo78hmnh4d0g31u9xg: {
    id: 'nwuk2clo78hmnh4d0g31u9xg',
    type: 'choice input',
    items: [{ id: 'ri3avm9p0i96p8gx4028b6ye', content: 'Click to edit' }],
    options: { variableId: 'vkmbb3rb2hcfd2io1fhf7rz5x', dynamicVariableId: 'vx0bbqzug4vk3zpc31ly8k7al' },
  },
  edokvbp15ubqeuydw9n7wf4w: text('edokvbp15ubqeuydw9n7wf4w', 'Sure!'),
  ruhgtbpv18cy2g5ujavljkku: text('ruhgtbpv18cy2g5ujavljkku', 'Here are popular movies this week 👇'),
  krcvvncnqtn99v0qe1dzudrk: {
    id: 'krcvvncnqtn99v0qe1dzudrk',
    type: 'choice input',
    items: [{ id: 'dicb6lnv5kapkq0tygnx1abh', content: 'Click to edit' }],
    options: { variableId: 'vulnb1om2fk8mvkcesl8s15cr', dynamicVariableId: 'vkzk96oh1pmdjv2bt5ps60qc0' },
  },
  tr5y76tx9ca336f8ob9odfa6: {
    id: 'tr5y76tx9ca336f8ob9odfa6',
    type: 'choice input',
    items: [{ id: 'uy2xwxoqhqol852cqsq17r9l', content: 'Click to edit' }],
    options: { variableId: 'vyyr3j2pu76uzvf88laai8snl', dynamicVariableId: 'vad8vq3jfyybxo4la57hfd529' },
  },
  ve9m7fromxw4tbm8558n8520: text('ve9m7fromxw4tbm8558n8520', 'Excellent choice 🔥'),
  yifjhiamifo1y4ay7vols0mm: {
    id: 'yifjhiamifo1y4ay7vols0mm',
    type: 'choice input',
    items: [
      { id: 'n4818dnrb4arw1xh5v0ot8vz', outgoingEdgeId: 'fteu5frsbj8wejfhhwzuv8t1', content: 'Watch the movie' },
      { id: 'j9d1pf2tndax0itezys7t73c', outgoingEdgeId: 'zb79atxs2itliks4d00e35uy', content: 'Find something else' },
    ],
  },
} as const;
const skin_typology = {
  k6gpdpfpmfjt430h0a7wa96t: text('k6gpdpfpmfjt430h0a7wa96t', 'What’s your top skin concern?'),
  o9twf6rt9lvgv6vzue8wt8b3: {
    id: 'o9twf6rt9lvgv6vzue8wt8b3',
    type: 'choice input',
    items: [
      {
        id: 'muzbinpvhlwxsnhka6y14cyk',
        outgoingEdgeId: 'b2lis4t1syk9qd30t3yb6e9a',
        content: 'Pimples',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'otxfdcr5stoaf8ojhmy1v744',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Pimples',
              },
            ],
          },
        },
      },
      {
        id: 'fotnwnbfwz1d33w0vjqypu11',
        content: 'Blackheads',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'b7gunmey81lb6z8zxej7jrom',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Blackheads',
              },
            ],
          },
        },
      },
      {
        id: 'i7zt5rhiv17xtosui349mdgs',
        content: 'Visible pores',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'ud4brp55zctwvmcd5go5hms6',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Visible pores',
              },
            ],
          },
        },
      },
      {
        id: 'r5s0sazlv4qzfeq7nvsxo0mb',
        content: 'Shiny areas',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'ke2ofnjduuwl4cq3ww377rcg',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Shiny areas',
              },
            ],
          },
        },
      },
      {
        id: 'szqscovkv1ddnpt8mkt0vvxt',
        outgoingEdgeId: 'e2ol7wfl5ve73b1rdhhzqfk4',
        content: 'Hyperpigmentation (dark spots/marks)',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'bcx0eywmzthypk3et7vmikec',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Hyperpigmentation (dark spots/marks)',
              },
            ],
          },
        },
      },
      {
        id: 'i0rzns61pszrww0y44isqh5v',
        outgoingEdgeId: 'hneunup1qv7md47yoh7544cj',
        content: 'Wrinkles (prevention or treatment)',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'fki7wy53v39t86dg0gsqqucu',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Wrinkles (prevention or treatment)',
              },
            ],
          },
        },
      },
      {
        id: 'u226tpojjg7p16xz3mrxf9x0',
        outgoingEdgeId: 'agd81aldnxptroxm59r6bnmt',
        content: 'Redness',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'mvpyyl9am8xrrkjyd5hynblx',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Redness',
              },
            ],
          },
        },
      },
      {
        id: 'e8f057alv81bvbnsq7qbvqgc',
        outgoingEdgeId: 'ei2w9q6ozvi8jm4btm0j9pdo',
        content: 'Dryness and/or dehydration',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'b9z0ro8qdkshz445s68owvkl',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Dryness and/or dehydration',
              },
            ],
          },
        },
      },
      {
        id: 'ccwxganzyrvzlsy67dv3nw1c',
        content: 'Eye bags/dark circles',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'udl5idehtp1c5motq3pkneta',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Eye bags/dark circles',
              },
            ],
          },
        },
      },
      {
        id: 'y9y2zzc68iaxl27si3lumrl6',
        outgoingEdgeId: 'q4zonpkmvkgebxw6mq9xlj6g',
        content: 'Dullness',
        displayCondition: {
          isEnabled: true,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'qy73cb8aya3dc33zluzx4cbl',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                comparisonOperator: 'Does not contain',
                value: 'Dullness',
              },
            ],
          },
        },
      },
      {
        id: 'ls05hhlv8ijgze1kfbkpi6ug',
        content: "I don't have any particular concerns",
        displayCondition: {
          isEnabled: false,
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              {
                id: 'kixcwnztsro4o91sbtdavzff',
                variableId: 'vtyvtib894a8eeqgr21yb17tv',
                value: "I don't have any partic",
              },
            ],
          },
        },
      },
    ],
    options: { variableId: 'vqvuz8egpkhp3d6y4dquvlomc' },
  },
  usa4flws5fa3klgmwsqa4fm7: text('usa4flws5fa3klgmwsqa4fm7', 'Do you have a second concern?'),
  qzjhj1a7qb0ses258p15tq2o: text('qzjhj1a7qb0ses258p15tq2o', 'When do you break out?'),
  a0czqnu2wrlsty9isaof3mn3: {
    id: 'a0czqnu2wrlsty9isaof3mn3',
    outgoingEdgeId: 'as0kqkyfgbmb6wbjus0lp0h9',
    type: 'choice input',
    items: [
      { id: 'nlep75ws189xkac98ym7sqi9', content: 'Every day or most days' },
      { id: 'a56xhexuvzgh2rj7qg0g2zx2', content: 'Every week' },
      { id: 's40qpkdcid728qzi4o70teeb', content: 'During my menstrual cycle' },
      { id: 'ncd5kjzbqsev653nzkxbb75b', content: 'Occasionally' },
    ],
  },
  qychn1d8kprdjp2jglqttsko: text('qychn1d8kprdjp2jglqttsko', 'What kind of blemishes are they?'),
  avph27ix78gojvnf670pxvr6: {
    id: 'avph27ix78gojvnf670pxvr6',
    type: 'choice input',
    items: [
      { id: 'krc7t1c11ux52lk7fm9gw1od', content: 'Small red or pink bumps' },
      { id: 'uf2dm7zi73nx0992xje0iw9p', content: 'Red and inflamed with a whitehead' },
      { id: 'n2ltb5bb1umw3busctep8776', content: 'Rough, bumpy skin (whiteheads) on the forehead, chin and cheeks' },
      { id: 'dasjmu5og82zi8ah549byyg6', content: "I don't know" },
    ],
    options: { variableId: 'vd5zutxjechfh2ihdzsw2rcc3', isMultipleChoice: true },
  },
  lzm0wj11a5d6ho39nhf1fghv: text('lzm0wj11a5d6ho39nhf1fghv', 'Your pigmentation marks occur…'),
  zqy1p2pa6cmmj5574axlm605: {
    id: 'zqy1p2pa6cmmj5574axlm605',
    outgoingEdgeId: 'vix01g2eobwcc805xeesi9yc',
    type: 'choice input',
    items: [
      { id: 'jkt7vj18r8infhllc788abim', content: 'On areas exposed to the sun' },
      { id: 'indtjedkbr4dsiynsymm6xsc', content: 'During pregnancy' },
      { id: 'ihcq3u6hhcva47f45qlavufq', content: 'After taking hormonal contraceptives' },
      { id: 'ssa3xzeabbsmzcv26vkh10et', content: 'After acne breakouts' },
      { id: 'e18s16wgx4t8358tq4rjaacs', content: 'After a skin trauma (e.g. scar, burn, damaged skin)' },
      { id: 'xozv08rwn1d4wbqtxa3ynvau', content: "I don't know. (Most likely caused by sun exposure)" },
    ],
  },
  cu86zbmytiq36lvymnh5lolf: text('cu86zbmytiq36lvymnh5lolf', 'Where do you have sun spots?'),
  tqdnlx1r3gc1rrwimbe9sexw: {
    id: 'tqdnlx1r3gc1rrwimbe9sexw',
    type: 'choice input',
    items: [
      { id: 'fklzqs3jpu8dp5it0xot8i9r', content: 'I have a few, just on my face' },
      { id: 'y9v2l0c4j2n00r32om7hf83x', content: 'I have many on my forehead, temples, cheeks and nose' },
      { id: 'ivlfhoitcbe2gg27ab3pfjsx', content: 'I have them on my face, chest, and the back of my hands' },
    ],
  },
  karskhl36y3hm3sm4hhyb4u1: text('karskhl36y3hm3sm4hhyb4u1', 'Tell us about your wrinkles/fine lines.'),
  vyby5a9ub4w3ffcic939kll3: {
    id: 'vyby5a9ub4w3ffcic939kll3',
    type: 'choice input',
    items: [
      { id: 'ju2u3eqjoba95glemoyuct5a', content: 'I have fine lines on my forehead and/or around my eyes' },
      { id: 'fpd8yaz5z6qzjb5s1uc23qet', content: 'I just have expression lines, when I smile' },
      { id: 'c9mrly2xy8owl3v4b2yh94hj', content: 'I have static wrinkles even when my face is at rest' },
      { id: 's4ogb3nycgkyw4rkwbtnx9m5', content: 'I have deep wrinkles all over the face' },
      { id: 'y2ppxpnbmf21qa9rh94fsxid', content: 'I don’t have fine lines or wrinkles, but I want to prevent them' },
    ],
    options: { isMultipleChoice: true },
  },
  cmj33qws3awxcvchbp2pimhz: text('cmj33qws3awxcvchbp2pimhz', 'Could you tell us more about the redness on your skin?'),
  uq1gykjk5w2jds9o6y2wpcuw: {
    id: 'uq1gykjk5w2jds9o6y2wpcuw',
    type: 'choice input',
    items: [
      { id: 'vg6j2x257gxe3e0w2mxvvtes', content: 'My skin looks irritated and feels tight or itchy' },
      {
        id: 'nri9tz8v0uyvqqt65ym7zgrj',
        content:
          "I have redness on my cheeks, and it gets worse when it's hot, when I drink alcohol, or when I'm stressed",
      },
      { id: 'x2yyqm5m40ypmny91fc9ftoj', content: 'I have red, inflamed spots, as well as redness' },
    ],
  },
  jir4lah1bvvzn6z2bg9leo07: text('jir4lah1bvvzn6z2bg9leo07', 'When does your skin feel uncomfortable?'),
  tugkxhxqs5cyuno64k29mirj: {
    id: 'tugkxhxqs5cyuno64k29mirj',
    outgoingEdgeId: 'v97pa9h725258bqelwi0gkai',
    type: 'choice input',
    items: [
      {
        id: 'q7av1ewiha9a64vruv0vzk28',
        content: 'After cleansing using a dermatological treatment or when the temperature changes',
      },
      { id: 'h2vgep3cc1oitclupkcofwti', content: 'All the time even in the summer' },
    ],
  },
  oal1ubewv5h2199tidypxdi1: text('oal1ubewv5h2199tidypxdi1', 'When your skin is uncomfortable, how does it feel?'),
  kr8s93v55d36j1w1bdujixhk: {
    id: 'kr8s93v55d36j1w1bdujixhk',
    type: 'choice input',
    items: [
      { id: 'f02ntm6dw8c5dnz3alba27aj', content: 'My skin feels tight' },
      { id: 'fok90m47fj2gizsfq7gkarcz', content: 'My skin feels itchy' },
      { id: 'qtmxm4xay9ggtftp388qter4', content: 'My skin peels' },
      { id: 'xfvm0lcmajnk85kxzjjaoj2x', content: "My skin doesn't feel soft" },
    ],
    options: { isMultipleChoice: true },
  },
  jzknl780z9uw1duynj9lwrse: text('jzknl780z9uw1duynj9lwrse', 'Help us to understand why your skin lacks radiance.'),
  me39l1ozsnmurf0n98g70mcd: {
    id: 'me39l1ozsnmurf0n98g70mcd',
    type: 'choice input',
    items: [
      { id: 'sn51zr3rvefzgaaqtcskqt5o', content: 'I smoke and/or I live in a polluted environment' },
      { id: 'smp4ssk1dbpafret89jr52gu', content: 'The surface of my skin is uneven' },
      { id: 'c30mu2o31wb4fxy1c2lg4he5', content: 'My skin needs some sunshine' },
    ],
    options: { isMultipleChoice: true },
  },
  rg3racl6pvin69iupc2ynfay: text('rg3racl6pvin69iupc2ynfay', 'Do you have another concern?'),
  f2yrzqwqr50ytyxo0ix81fvy: text(
    'f2yrzqwqr50ytyxo0ix81fvy',
    'Has a dermatologist diagnosed any of the following skin concerns?',
  ),
  qcev9xsh8ucgngc8g04zsktk: {
    id: 'qcev9xsh8ucgngc8g04zsktk',
    outgoingEdgeId: 'g7tf8a5s5qufdgsbj3a896io',
    type: 'choice input',
    items: [
      { id: 'q7wgxzmlsgsvmggxo1v4f4lu', content: 'Eczema/atopic dermatitis' },
      { id: 'rublicdb3i6afz4vey2gxvrp', content: 'Psoriasis' },
      { id: 'dib7mwjl197qrpfxj5yg3jot', content: 'Rosacea' },
      { id: 'esl7htipishc8d85gvi67jsn', content: 'Seborrheic dermatitis' },
      { id: 'ybswy2crnxiesdt8s1b3uufm', content: 'No' },
    ],
  },
  qpd3pd6dw3brus2dx39i6qrt: text('qpd3pd6dw3brus2dx39i6qrt', 'How do you describe yourself?'),
  a3ucpz37jr9af6etzwrgpxwa: {
    id: 'a3ucpz37jr9af6etzwrgpxwa',
    outgoingEdgeId: 'ira3wejjdsnzejby5i31zgng',
    type: 'choice input',
    items: [
      { id: 't63xhbb613uqvzl81qjkqo76', content: 'A woman' },
      { id: 'p2zvlph9yysxdalxq3b7tfzn', content: 'A man' },
      { id: 'brh3p7gj7qxwekc76u0k194o', content: 'Non-binary' },
      { id: 'ufeb3cencrz0yxh9853reyvx', content: 'I don’t wish to define myself' },
    ],
  },
  gsupz0i4mh0616u04rjj3ls8: text(
    'gsupz0i4mh0616u04rjj3ls8',
    "How does your skin feel throughout the day if you haven't applied any skincare products or makeup?",
  ),
  txhrcc5ii8wfidw0lj7hhvcx: {
    id: 'txhrcc5ii8wfidw0lj7hhvcx',
    outgoingEdgeId: 'jvv84pjq21xnaqzoq1shk4ts',
    type: 'choice input',
    items: [
      {
        id: 'vmzalnc9qvfl667lfoxyfp4o',
        content: "If I don't apply a mattifying product, my skin is shiny from the middle of the day onwards",
      },
      {
        id: 'b7vequ8pgco2e0rpnxj0sky3',
        content: 'If I want my skin to feel comfortable, I need to moisturize morning and evening',
      },
      {
        id: 'q8tazj46hwsrcw63kysgh2gt',
        content:
          "I don't have any particular problems (my t-zone is naturally oilier than the rest of my face, that's all)",
      },
    ],
  },
  vqciagailn22pvgr83l2tu4q: text('vqciagailn22pvgr83l2tu4q', 'What do you see when you look in the mirror?'),
  zse327o8uf7v2vgjefzhmhzw: {
    id: 'zse327o8uf7v2vgjefzhmhzw',
    outgoingEdgeId: 'ewgw4tgd11irl5qr24g6fr58',
    type: 'choice input',
    items: [
      { id: 'vs9o2fpleeykcxt9gufaive5', content: 'No wrinkles. My skin is supple and firm' },
      { id: 'him733u0w39bvan7ribgcxiw', content: 'Fine lines on my forehead and/or around my eyes' },
      { id: 'a55oyxj5crnkuqoo6948ejg8', content: 'Expression lines, when I smile' },
      {
        id: 'os3af3kvgkm6ip59iu85hyzv',
        content: 'Static wrinkles that are visible all the time, even when my face is at rest',
      },
    ],
  },
  ty5muam6nlspc7xulm4crs51: text('ty5muam6nlspc7xulm4crs51', 'How does your skin react to cosmetic products?'),
  r8p3bllvh6902cn9l6wfzjg2: {
    id: 'r8p3bllvh6902cn9l6wfzjg2',
    outgoingEdgeId: 'asquip1jyoa7kn34xsb0jrvu',
    type: 'choice input',
    items: [
      { id: 'riidiklh7td0y881rfxd635j', content: "I've never had a bad reaction" },
      {
        id: 'l9l6wsxrsn2ltq63wwc83zmc',
        content: 'It gets momentarily red if I use products that are too aggressive for my skin',
      },
      {
        id: 'jnud3df8zn0g75uo42qaokm6',
        content: 'My skin is very reactive and prone to allergic reactions to cosmetics',
      },
    ],
  },
  ajlhkbgdl8kam2l5gumnndm1: text('ajlhkbgdl8kam2l5gumnndm1', 'Do you wear makeup?'),
  czxq9ogv5t309zwvqf06c0lh: {
    id: 'czxq9ogv5t309zwvqf06c0lh',
    outgoingEdgeId: 'ovypkxkt0k8w3b9yo0s0libr',
    type: 'choice input',
    items: [
      { id: 'ukk542pqy2ltnyi67u94veob', content: 'No, never' },
      { id: 'a4jpqg1k5pzs4ywgzbfw3x0h', content: 'Rarely, just for special occasions' },
      { id: 'grv94a64xsc5iwxezi200ljl', content: 'Regularly, several times a week' },
      { id: 'ywlbkscrzezw5vkk30wogoje', content: 'Every day' },
    ],
  },
  dsvi5k6iouka67mosjepfa53: text('dsvi5k6iouka67mosjepfa53', 'Tell us about where you live.'),
  ffo7dzm08uapuawzp1rbe44a: {
    id: 'ffo7dzm08uapuawzp1rbe44a',
    outgoingEdgeId: 'fi56xu9q9iqtz399ahn3j9u1',
    type: 'choice input',
    items: [
      { id: 'p7u13e8zbrybrs9b3sr7jlwm', content: "There's a lot of pollution" },
      { id: 'xl375gwn8kgu6kg7yuyj1qol', content: "There's some pollution" },
      { id: 'e7n697c90shslft6qlpqkk3b', content: "There isn't much pollution" },
    ],
  },
  y41i08ngcmuu9jy6km8qmkcz: text('y41i08ngcmuu9jy6km8qmkcz', 'Do you smoke?'),
  lajq4bpdwcoyjek8hy5o9hhs: {
    id: 'lajq4bpdwcoyjek8hy5o9hhs',
    outgoingEdgeId: 'gkfa620lz2ejdvn890n3vb5y',
    type: 'choice input',
    items: [
      { id: 'fqztopzjmce2ohr12xz9gmu3', content: 'No' },
      { id: 'mcq5lpn493w24q6lcohmc5yr', content: 'Occasionally' },
      { id: 'n9urk18o0g9j3y6k74wrnhm5', content: '1 to 10 cigarettes a day' },
      { id: 'hj4soju8lmrmqnizsvej442z', content: '10 to 20 cigarettes a day' },
      { id: 'sfi7a9booyqoi40fi1pdzavt', content: 'More than a pack a day' },
      { id: 'otve51lvqfrubdbn7ruk3lcn', content: 'I smoke electronic cigarettes' },
    ],
  },
  us1bb0ah3io3s3kf3ipe71ic: text('us1bb0ah3io3s3kf3ipe71ic', 'Select the skin tone that best represents you:'),
  wmysi2qtw69ggq94fx5qnrog: {
    id: 'wmysi2qtw69ggq94fx5qnrog',
    outgoingEdgeId: 'iuzkts0oxz0q677cwmjwwokm',
    type: 'choice input',
    items: [
      { id: 'urogsq3r6okpwkn147o4zsjg', content: 'Fair with some freckles. Doesn’t really tan, gets red in the sun' },
      {
        id: 'euytvrcv3covqac6c8hlr6qi',
        content: 'Light with pink or yellow undertones. Tans gradually. Sunburns are common in the beginning of summer',
      },
      {
        id: 'dhinnrwwiokf8myup10vvkco',
        content: 'Medium with warm or olive undertones. Tans easily but sometimes burns',
      },
      { id: 'nulsi1x0g5n86a04mm6h5bsi', content: 'Matte with bronze undertones. Sunburns occasionally' },
      { id: 'oznwtn9niiayc72jjh4gjgx4', content: 'Brown. Sunburns are very rare. Tans in the sun' },
      { id: 'pnu9f8osvs3z9my6h4iymk2r', content: 'Dark with cool undertones. Doesn’t sunburn' },
    ],
  },
  qkmmo2ago6qhttf11n64skah: text('qkmmo2ago6qhttf11n64skah', 'How often do you get strong sun exposure?'),
  pujmgbezgnf3xgdmpymhs565: {
    id: 'pujmgbezgnf3xgdmpymhs565',
    outgoingEdgeId: 'ff5mm3s3w4y19au133ca5d29',
    type: 'choice input',
    items: [
      { id: 'ab58o8ylnquxr7vaovhhtahr', content: 'Almost never' },
      { id: 'dnqdhzaozbh2udu0uq82k1py', content: 'One week per year' },
      { id: 'se6rgn2uixr72ft4y6mfmnzc', content: 'Several weeks per year' },
      { id: 'sa8q4ohl8rnn7z7ulvnifsd1', content: 'More than a month per year' },
      { id: 'e0xypcvrzurygxsncii50c2q', content: 'All year round, more or less' },
    ],
  },
  t0ts15623sbklxxc6tbh0q84: text(
    't0ts15623sbklxxc6tbh0q84',
    'To keep a record of your skin diagnostic result, please provide your e-mail address :',
  ),
  xc63yyy5eobay5msj26t4dpe: {
    id: 'xc63yyy5eobay5msj26t4dpe',
    outgoingEdgeId: 'dwls95sfkvly3ykdsxu835u8',
    type: 'email input',
    options: { variableId: 'vnzqkgmwlwlu7ut6jjelel53w' },
  },
  rt3bntjm7x2m6pkz2n47lwvv: text(
    'rt3bntjm7x2m6pkz2n47lwvv',
    'Now that you know your skin typology, would you like to check out our selection of top-rated skin-care products? 💆',
  ),
  s10p30kymib9np9wbs3gqwyq: {
    id: 's10p30kymib9np9wbs3gqwyq',
    type: 'choice input',
    items: [{ id: 'hmnuvpvu3ihtflhj5spx5lf3', outgoingEdgeId: 'f6zvru644gs2qoc5xavc87vs', content: 'Go shopping' }],
  },
} as const;

const { open, current } = conversationsOnTestServer();

test('quiz: all answers right (score 20), condition to "Great score", restart through the link to `current`', async () => {
  const m = quiz;
  const chat = await open('quiz.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.cl1r16nes005z2e6d3aj23kfz,
          m.cl1r15w5p005t2e6d670v9nbi,
          m.cl1r16rt400622e6d32uta7mi,
          m.cl1r1708n00662e6dv8900ixk,
        ],
        input: m.cl1r176e900692e6d8u3k6sdq,
      }),
    ),
  );
  expect(pick(await chat.reply('go!'))).toEqual(ok(retry(m.cl1r176e900692e6d8u3k6sdq)));
  expect(pick(await chat.reply('Go!'))).toEqual(
    ok(turn({ messages: [m.cl1r09bcc000i2e6dyyvskx75], input: m.cl1r09dl9000j2e6dhkc2h97y })),
  );
  expect(pick(await chat.reply('Search Engine Optimization'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0d8zi00142e6d4tl2yenk, m.cl1r0bgit000x2e6dvdre9wsj],
        input: m.cl1r0b3x5000r2e6dqk8gzoim,
      }),
    ),
  );
  // by item id (the web client may send the id as text)
  expect(pick(await chat.reply('cl1r0b3x5000s2e6dyq6bklbf'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0eril001b2e6dh43cqhv5, m.cl1r0eril001d2e6d3gay9cls],
        input: m.cl1r0eril001f2e6dk0fd0qpw,
        lastMessageNewFormat: 'The visible text that is hyperlinked to another page',
      }),
    ),
  );
  expect(pick(await chat.reply('A fictional representation of a group of customers'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0j8u2001w2e6d3wnpzcj5, m.cl1r0j8u2001y2e6dr24ieifw],
        input: m.cl1r0j8u200202e6dun2d04gu,
      }),
    ),
  );
  expect(pick(await chat.reply('Call To Action'))).toEqual(
    ok(
      turn({
        messages: [
          m.cl1r0rggf00392e6dcc941700,
          text('cl1r0mn3t002q2e6dcmv4bzth', p('Your score is ', '20', '/20.')),
          m.cl1r0nkdx002r2e6dwv0wclo0,
        ],
        input: m.cl1r0nt85002s2e6dloupnhdq,
      }),
    ),
  );
  // "Yes!" → Typebot link to the current bot's Q1 group: Score reset, Q1 asked again
  expect(pick(await chat.reply('Yes!'))).toEqual(
    ok(turn({ messages: [m.cl1r09bcc000i2e6dyyvskx75], input: m.cl1r09dl9000j2e6dhkc2h97y })),
  );
  expect(pick(await chat.reply('Send Email Out'))).toEqual(
    ok(
      turn({
        messages: [m.cl1r0c85i00112e6d8iwtrpvb, m.cl1r0crx600132e6d0u54j506, m.cl1r0bgit000x2e6dvdre9wsj],
        input: m.cl1r0b3x5000r2e6dqk8gzoim,
      }),
    ),
  );
});

test('nps: rating (invalid above length, then 10), promoter segmentation, wait and redirect actions, end', async () => {
  const m = nps;
  const chat = await open('nps.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.vep990mmfbe64nqczp66xebw, m.u1oeokc5j8bzwi4lwqyf7c8q],
        input: m.d3asw3zs2gahpxs3usun6lm5,
      }),
    ),
  );
  expect(pick(await chat.reply('Sure!'))).toEqual(
    ok(turn({ messages: [m.jcp3qhpb4wf95g0ylrp4e8zb], input: m.bfvv74k8oz57kaqeqek3uen7 })),
  );
  expect(pick(await chat.reply('11'))).toEqual(ok(retry(m.bfvv74k8oz57kaqeqek3uen7)));
  expect(pick(await chat.reply('10'))).toEqual(
    ok(turn({ messages: [m.izehojk23xug74tylpm0wbib, m.qj3e1cxwjub800r6g3lfa4ei], input: m.ro6a6dt7j3x99unduh5jm6an })),
  );
  expect(pick(await chat.reply('It saves me time'))).toEqual(
    ok(turn({ messages: [m.eixinwxcgsng6v8blw6jdgwy, m.cjqu4wje2zr8i5ehivxv5567], input: m.v9pf4n5kcwon4g0yvwwc6vk3 })),
  );
  expect(pick(await chat.reply('Sure!'))).toEqual(
    ok(
      turn({
        messages: [m.cd8ftyg6tkjggncxuo242u3j, m.nigypz7fhnt07440o0829o81],
        clientSideActions: [
          // shouldPause unset in the fixture: no expectsDedicatedReply key (the reference passes options.shouldPause through)
          { type: 'wait', wait: { secondsToWaitFor: 1 }, lastBubbleBlockId: 'nigypz7fhnt07440o0829o81' },
          {
            type: 'redirect',
            redirect: { url: 'https://www.capterra.com/p/233968/Typebot/' },
            lastBubbleBlockId: 'nigypz7fhnt07440o0829o81',
          },
        ],
      }),
    ),
  );
  await chat.expectEnded();
});

test('nps: a low rating goes to the detractor path', async () => {
  const m = nps;
  const chat = await open('nps.json');
  await chat.start();
  await chat.reply('Sure!');
  expect(pick(await chat.reply('3'))).toEqual(
    ok(turn({ messages: [m.ou7airondk1mxm4inzzyyr1x], input: m.ro6a6dt7j3x99unduh5jm6an })),
  );
  expect(pick(await chat.reply('Too slow'))).toEqual(
    ok(turn({ messages: [m.dfisk4xq8csn0t2aute6hbsd, m.u6vs0akagfjg63zq8z1rcc14, m.lfk1wt96u8yrtfkof6lrianc] })),
  );
  await chat.expectEnded();
});

test('quick-carb-calculator: credentials group then end', async () => {
  const m = quick_carb_calculator;
  const chat = await open('quick-carb-calculator.json');
  expect(pick(await chat.start())).toEqual(
    ok(chat.startBody({ messages: [m.jl3b2nltipe5b5ejtqbfgx9j, m.mnakzjvql9qrsctwscctzx74], withResultId: false })),
  );
  await chat.expectEnded();
});

test('savings-estimator: multiple choice, item edges, e-mail, then the openai block logs its missing credentials', async () => {
  const m = savings_estimator;
  const chat = await open('savings-estimator.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.gm8c2bzxouv5x74zohjdvuwk, m.pfsd7hh9kkzk7d41qh70cwpp],
        input: m.rpf1u0bigv1v1z9x2q7m7g27,
      }),
    ),
  );
  expect(pick(await chat.reply("Yes, let's go!"))).toEqual(
    ok(turn({ messages: [m.m6kz7rkv1ioe36n9dn7znep8], input: m.dufhivf25jztks3a52hdyo6s })),
  );
  expect(pick(await chat.reply('zzz'))).toEqual(ok(retry(m.dufhivf25jztks3a52hdyo6s)));
  expect(pick(await chat.reply('2 and dishes'))).toEqual(
    ok(
      turn({
        messages: [m.m9xp0uifcpbw6m9xx5ez4eo8],
        input: m.qiayx3hjmo5ef1n3w3uxux4g,
        lastMessageNewFormat: 'Bathroom - for sinks, showers, and tubs, dishes',
      }),
    ),
  );
  expect(pick(await chat.reply('Once a month'))).toEqual(
    ok(
      turn({
        messages: [
          m.px06vnhab1vs5vhfb3jmfl3l,
          m.gqechdy2jk2t6f241e5tetcf,
          m.luxwsvs9m89bmxh125iqa69p,
          m.e9u3rmjx2ta6kvrjz9ghsqkl,
        ],
        input: m.yimucmlyxmz85pjsmm9953z8,
      }),
    ),
  );
  expect(pick(await chat.reply('Every 2 weeks'))).toEqual(
    ok(turn({ messages: [m.x1vhd8yhaeqew8x8wro4as8c, m.uc36wedqizekyfyeckpy7hfi], input: m.xwpzbigjxduvrno7e21f84wh })),
  );
  expect(pick(await chat.reply('me@home'))).toEqual(
    ok(retry(m.xwpzbigjxduvrno7e21f84wh, "This email doesn't seem to be valid. Can you type it again?")),
  );
});

test('savings-estimator: after the e-mail, Transcript is set silently (session-only) and the openai block logs its missing credentials', async () => {
  const m = savings_estimator;
  const chat = await open('savings-estimator.json');
  await chat.start();
  await chat.reply("Yes, let's go!");
  await chat.reply('Kitchen - for dishes, counter, and appliances');
  await chat.reply('Once a month');
  expect(pick(await chat.reply('Every 2 weeks'))).toEqual(
    ok(turn({ messages: [m.x1vhd8yhaeqew8x8wro4as8c, m.uc36wedqizekyfyeckpy7hfi], input: m.xwpzbigjxduvrno7e21f84wh })),
  );
  // "{{AI Gen}}" alone in its paragraph, without a value: no nodes (docs/engine-behaviour.md#rich-text)
  expect(pick(await chat.reply('me@home.org'))).toEqual(
    ok(
      turn({
        messages: [
          { id: 'mlwonw3gl6trzensgoxfdiqw', type: 'text', content: { type: 'richText', richText: [] } },
          m.b61hd7ow6brr7iyrt2ha608i,
        ],
        input: m.ticb2wd6zydjn27p6r0m80vo,
        logs: [missingCredentialsLog('openai')],
      }),
    ),
  );
  // The Transcript block (first of "Gen AI") saw every bubble (as markdown) and every answer so far (#transcript).
  const session = await current().db.chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
  const variables = (
    session.state as { queue: { variables: { id: string; value?: unknown; isSessionVariable?: boolean }[] }[] }
  ).queue[0]!.variables;
  expect(variables.find((variable) => variable.id === 'vig2qkffhfib01ptwfp5lxhgq')).toEqual({
    id: 'vig2qkffhfib01ptwfp5lxhgq',
    name: 'Transcript',
    isSessionVariable: true,
    value: [
      'Assistant: "Hi there! Are you curious to see how much you can save by switching to reusable sponges and paper towels? 🌱"',
      'Assistant: "Let\'s find out together!"',
      'User: "Yes, let\'s go!"',
      'Assistant: "Where do you typically use sponges in your house?"',
      'User: "Kitchen - for dishes, counter, and appliances"',
      'Assistant: "How often would you say that you are throwing a sponge away?"',
      'User: "Once a month"',
      'Assistant: "Did you know that used sponges can harbor a significant number of bacteria if not replaced regularly?"',
      'Assistant: "We definitely suggest you to change your sponge more frequently ✨"',
      'Assistant: "Now, let\'s talk about paper towels. 🧻"',
      'Assistant: "How often would you say that you are ending a roll?"',
      'User: "Every 2 weeks"',
      'Assistant: "To keep a record of your carb calculations and for easy future reference, could you please provide your email address? "',
      'Assistant: "This way, I can send you a personalized summary of your fueling plan. 📧"',
      'User: "me@home.org"',
    ].join('\n\n'),
  });
});

test('product-recommendation: name then continent question with the name substituted', async () => {
  const m = product_recommendation;
  const chat = await open('product-recommendation.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [m.mu6ygqqpi48dacy1n4xj6x4y, m.w9rc4yf0ytnzqy16r938h094],
        input: m.xobx3g928f9zj220n5qe1ih6,
      }),
    ),
  );
  expect(pick(await chat.reply('Lea'))).toEqual(
    ok(
      turn({
        messages: [
          text('ub5tforva9nlqky5lbrfrsdb', p('Ok ', 'Lea')),
          m.jaj0pyfmlf4hb4suglr3v0be,
          m.x6lj1mhze2xtc0h3ln42xg84,
        ],
        input: m.lwtynqjykiem5zdtns3fwhu2,
      }),
    ),
  );
  expect(pick(await chat.reply('Asia'))).toEqual(ok(retry(m.lwtynqjykiem5zdtns3fwhu2)));
  expect(pick(await chat.reply('Europe'))).toEqual(
    ok(turn({ messages: [m.xpbrytz3gucp0xzf1qs8mlwe], input: m.zesp4ro7ltjmh64sn8d4912c })),
  );
});

test('movie-recommendation: menu with images', async () => {
  const m = movie_recommendation;
  const chat = await open('movie-recommendation.json');
  expect(pick(await chat.start())).toEqual(
    ok(
      chat.startBody({
        messages: [
          m.f5rr5wi9zldun13tw79u9z2n,
          m.c7swi84rmdvrul0wz5kxtplm,
          m.nlihfc4ptxnxoktqblh6mcql,
          m.vr73urm54d9mq2oqg7ey1xh8,
          m.g5yyuh9g75x7xa7fgqhhi1zz,
        ],
        input: m.tzf45bvd8iquoxz7qgta8v94,
      }),
    ),
  );
  expect(pick(await chat.reply('Trending'))).toEqual(ok(retry(m.tzf45bvd8iquoxz7qgta8v94)));
});

test('skin-typology: link to a group of `current`, display conditions keep every item while nothing is selected', async () => {
  const m = skin_typology;
  const chat = await open('skin-typology.json');
  // theme.general.progressBar is enabled: progress = 1 / (L + 1) × 100; L (reachable inputs, shared-accumulator
  // quirk, through the parent's resume point) is not pinned here
  const started = pick(await chat.start());
  expect(started).toEqual(
    ok({
      ...chat.startBody({ messages: [m.k6gpdpfpmfjt430h0a7wa96t], input: m.o9twf6rt9lvgv6vzue8wt8b3 }),
      progress: expect.any(Number),
    }),
  );
  // A retry repeats the progress of the input it asks again.
  expect(pick(await chat.reply('pimples'))).toEqual(
    ok({ ...retry(m.o9twf6rt9lvgv6vzue8wt8b3), progress: started.body.progress }),
  );
});
