/**
 * The USSD simulator page's texts (`public.ussdSimulator`, pages/ussd-simulator.tsx and features/ussd),
 * loaded with the whole catalog. A `{{name}}` in a tip stands for a word the page shows in bold or as code.
 */
export const publicUssdSimulator = {
  title: 'USSD Simulator',
  lead: 'No smartphone, no data bundle: dial {{code}} from any phone to buy and sell safely. This simulated phone dials the real service.',
  tipsTitle: 'How to use it',
  tips: {
    reply: 'Reply with a menu number, then {{send}}. {{back}} goes back and {{home}} home, on every screen.',
    register: 'A new number can register. The demo logins (e.g. {{buyer}}, {{seller}}) set a 4-digit USSD PIN on their first dial.',
    payment:
      'After you create an escrow or choose to pay, the session ends and the payment prompt is sent (M-Pesa, or Airtel Money for an Airtel number): with the test rails, it is paid a moment later. Numbers ending {{cancels}} cancel the prompt and {{noFunds}} have no funds.',
    sameAccount: 'Everything you do here is real on this site: sign in on the web with the same phone to see the same transactions.',
    language: 'Menus come in English and Kiswahili: choose Language/Lugha.',
  },
  phone: {
    dialForm: 'Dial the USSD code',
    phoneNumber: 'Phone number',
    phoneHelper: 'Any Kenyan mobile number. The network tells the service who is calling.',
    dial: 'Dial {{code}}',
    dialling: 'Dialling…',
    screen: 'Phone screen',
    connecting: 'Connecting…',
    idle: 'Enter a phone number and dial {{code}}.',
    sessionEnded: 'Session ended. Dial again to start a new one.',
    replyForm: 'Reply to the USSD menu',
    reply: 'Your reply',
    replyPlaceholder: 'Type a reply',
    keypad: 'Keypad',
    key: 'Key {{key}}',
    cancel: 'Cancel',
    send: 'Send',
    sending: 'Sending…',
    noAnswer: 'The USSD service did not answer. Please try again.',
  },
};
