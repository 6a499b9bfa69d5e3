/** pt-BR texts of the landing page (spec §2, §5, §8). */
export const LANDING_MESSAGES = {
  title: 'Especialistas em Soldagem Industrial',
  defaultTagline: 'Solda MIG, TIG e eletrodo, mandrilhamento, estruturas metálicas e tornearia mecânica — com qualidade e no prazo.',
  loading: 'Carregando...',
  introSubtitle: 'Soldagem • Mandrilhamento • Estruturas • Tornearia',
  menuOpen: 'Abrir menu de informações',
  menuClose: 'Fechar',
  photoOpen: (alt: string) => `Ampliar foto: ${alt}`,
  photoFallbackAlt: (n: number) => `Foto de serviço ${n}`,
  photoClose: 'Fechar foto',
  search: {
    label: 'Código do orçamento',
    placeholder: 'Código do orçamento',
    button: 'Buscar orçamento',
    searching: 'Buscando...',
    notFoundTitle: 'Não encontrado',
    notFoundText: 'Nenhum orçamento encontrado com este código',
    failure: 'Erro ao buscar orçamento',
  },
  about: {
    heading: 'Sobre Nós',
    whoWeAre: (company: string, city: string) =>
      `A ${company} é uma oficina de soldagem e usinagem${city ? ` em ${city}` : ''}, especializada em serviços industriais sob medida: da solda de precisão à fabricação e montagem de estruturas metálicas.`,
    differentiatorsHeading: 'Nossos diferenciais',
    differentiators: [
      { title: 'Atendimento personalizado', text: 'Cada serviço é avaliado de perto, conversando com você sobre a melhor solução.' },
      { title: 'Qualidade garantida', text: 'Materiais certos, processos controlados e acabamento caprichado.' },
      { title: 'Experiência técnica', text: 'Anos de prática em soldagem, usinagem e estruturas metálicas.' },
      { title: 'Compromisso com prazos', text: 'Combinamos o prazo e cumprimos o que foi combinado.' },
    ],
  },
  services: {
    heading: 'Nossos Serviços',
    cards: [
      { title: 'Soldagem MIG, TIG e Eletrodo', text: 'Soldas em aço carbono, inox e alumínio, em oficina ou no local.' },
      { title: 'Mandrilhamento', text: 'Recuperação e usinagem de furos e alojamentos em peças e máquinas pesadas.' },
      { title: 'Estruturas Metálicas', text: 'Portões, mezaninos, coberturas e suportes industriais sob medida.' },
      { title: 'Tornearia Mecânica', text: 'Fabricação e recuperação de eixos, buchas, flanges e peças especiais.' },
    ],
  },
  contact: {
    heading: 'Contato',
    address: 'Endereço',
    hours: 'Horário de atendimento',
    whatsapp: (n: number) => `WhatsApp ${n}`,
    facebook: 'Facebook',
    instagram: 'Instagram',
    phone: 'Telefone',
    email: 'E-mail',
    mapTitle: (company: string) => `Mapa de localização — ${company}`,
    unavailable: 'Não foi possível carregar os dados de contato. Tente novamente mais tarde.',
  },
} as const;
