import { conversationsOnTestServer, b, ok, p, pick, retry, text, turn } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the product-recommendation fixture bot
// (test/fixtures/bots/product-recommendation.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md; a bot this long is followed along one representative path.

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

const { open } = conversationsOnTestServer();

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
