import { conversationsOnTestServer, ok, pick, retry, text } from '../../../helpers/bot-conversations';

// A conversation over real HTTP with the skin-typology fixture bot
// (test/fixtures/bots/skin-typology.json, imported unchanged). Expected messages
// and inputs are literals from its definition and docs/engine-behaviour.md; a bot this long is followed along one representative path.

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

const { open } = conversationsOnTestServer();

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
