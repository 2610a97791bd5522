module.exports=[75965,(a,b,c)=>{}];

//# sourceMappingURL=16d6_next__next-internal_server_app__global-error_page_actions_12ay3qd4sq7t6.js.map