/**
 * The query parameter that carries an experiment's arm (issue 37): `xa=<experiment>.<arm>`, written
 * by the server on an arm's page (its sales links, `<body data-xa>`) and into the address bar by the
 * client entry, so a reload, back and a shared link keep the arm without any storage.
 */
export const ARM_PARAM = "xa";
